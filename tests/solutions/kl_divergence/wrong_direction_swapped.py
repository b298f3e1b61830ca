import torch

EXPECT = {
    'values': 'direction swapped: computed KL(q ‖ p); the expectation is under p, the first argument',
}


def kl_divergence(p_logits, q_logits):
    log_p = torch.log_softmax(p_logits, dim=-1)
    log_q = torch.log_softmax(q_logits, dim=-1)
    return (log_q.exp() * (log_q - log_p)).sum(-1)      # weights q: that is KL(q || p)
