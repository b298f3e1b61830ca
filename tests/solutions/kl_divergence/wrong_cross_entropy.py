import torch

EXPECT = {"check": "values", "mistake": "entropy term"}


def kl_divergence(p_logits, q_logits):
    p = torch.softmax(p_logits, dim=-1)
    return -(p * torch.log_softmax(q_logits, dim=-1)).sum(dim=-1)
