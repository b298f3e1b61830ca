import torch


def kl_divergence(p_logits, q_logits):
    log_p = p_logits - torch.logsumexp(p_logits, dim=1, keepdim=True)
    log_q = q_logits - torch.logsumexp(q_logits, dim=1, keepdim=True)
    p = torch.exp(log_p)
    neg_entropy = torch.einsum("nc,nc->n", p, log_p)
    cross = torch.einsum("nc,nc->n", p, log_q)
    return neg_entropy - cross
