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



def disagreement(counts: torch.Tensor, expected: torch.Tensor, alpha: float = 1e-6,
                 impossible: str = "has probability 0") -> str:
    """'' when sample counts (R, V) fit the expected probabilities (R, V); else what is off, in words.

    Each token with 0 < q < 1 is tested with its exact binomial tail, Bonferroni-corrected over the
    tokens tested: a correct sampler fails with probability at most alpha."""
    n = int(counts[0].sum())
    never = (counts > 0) & (expected == 0)
    if never.any():
        r, t = never.nonzero()[0].tolist()
        return f"row {r}: token {t} was drawn {int(counts[r, t])} times but {impossible}"
    tested = (expected > 0) & (expected < 1)
    m = max(1, int(tested.sum()))
    for r, t in tested.nonzero().tolist():
        c, q = int(counts[r, t]), expected[r, t].item()
        if binomial_tail(c, n, q) < alpha / (2 * m):
            sd = math.sqrt(n * q * (1 - q))
            return (f"row {r}: token {t} was drawn {c} times in {n}, expected {n * q:.0f} ± {sd:.0f} "
                    f"(probability {q:.3f})")
    return ""
