import torch


def _log_softmax(x: torch.Tensor) -> torch.Tensor:
    z = x - x.amax(dim=-1, keepdim=True)              # largest logit 0: exp can't overflow
    return z - z.exp().sum(dim=-1, keepdim=True).log()  # log p, finite even where p underflows


def kl_divergence(p_logits: torch.Tensor, q_logits: torch.Tensor) -> torch.Tensor:
    log_p, log_q = _log_softmax(p_logits), _log_softmax(q_logits)   # (N, C) each
    # KL(p || q) = sum_c p_c (log p_c - log q_c): expectation under p, the first argument
    return (log_p.exp() * (log_p - log_q)).sum(dim=-1)              # (N,)
