import torch


def kl_divergence(p_logits, q_logits):
    log_p = torch.log_softmax(p_logits, dim=-1)
    log_q = torch.log_softmax(q_logits, dim=-1)
    p = torch.softmax(p_logits, dim=-1)
    return torch.sum(p * (log_p - log_q), dim=1)
