import torch

EXPECT = {
    'values': 'cross-entropy -sum p log q, not KL: the entropy term sum p log p is missing',
    'KL(p ‖ p) = 0': '',
}


def kl_divergence(p_logits, q_logits):
    p = torch.softmax(p_logits, dim=-1)
    return -(p * torch.log_softmax(q_logits, dim=-1)).sum(dim=-1)
