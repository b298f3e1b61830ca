"""Exact statistics for the sampling checks: binomial tails and per-token counts."""
import math

import torch


def binomial_tail(count: int, n: int, q: float) -> float:
    """min(P[X <= count], P[X >= count]) for X ~ Binomial(n, q), from the exact pmf in float64."""
    k = torch.arange(n + 1, dtype=torch.float64)
    log_pmf = (math.lgamma(n + 1) - torch.lgamma(k + 1) - torch.lgamma(n - k + 1)
               + k * math.log(q) + (n - k) * math.log1p(-q))
    pmf = log_pmf.exp()
    return min(pmf[:count + 1].sum().item(), pmf[count:].sum().item())


def counts_of(samples: torch.Tensor, vocab: int) -> torch.Tensor:
    """samples (N, R) -> counts (R, V)."""
    return torch.stack([torch.bincount(col, minlength=vocab) for col in samples.T])

