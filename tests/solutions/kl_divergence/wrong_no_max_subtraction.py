import torch

EXPECT = {"check": "extreme inputs", "mistake": "without subtracting the max"}


def kl_divergence(p_logits, q_logits):
    log_p = p_logits - torch.log(torch.exp(p_logits).sum(dim=-1, keepdim=True))
    log_q = q_logits - torch.log(torch.exp(q_logits).sum(dim=-1, keepdim=True))
    return (torch.exp(log_p) * (log_p - log_q)).sum(dim=-1)
