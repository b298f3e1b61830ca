"""Exact statistics for the sampling checks.

Every test here fails a correct sampler with probability at most `alpha` (1e-6 by default): exact
binomial tails, Bonferroni-corrected over the counts tested, and the Dvoretzky–Kiefer–Wolfowitz
bound (Massart's constant) for continuous draws."""
from __future__ import annotations

import math

import torch

from grader import words

ALPHA = 1e-6


def binomial_tail(count: int, n: int, q: float) -> float:
    """min(P[X <= count], P[X >= count]) for X ~ Binomial(n, q), from the exact pmf in float64."""
    if n == 0:
        return 1.0
    k = torch.arange(n + 1, dtype=torch.float64)
    log_pmf = (math.lgamma(n + 1) - torch.lgamma(k + 1) - torch.lgamma(n - k + 1)
               + k * math.log(q) + (n - k) * math.log1p(-q))
    pmf = log_pmf.exp()
    return min(pmf[:count + 1].sum().item(), pmf[count:].sum().item())


def counts_of(samples: torch.Tensor, categories: int) -> torch.Tensor:
    """samples (N, R) of category ids -> counts (R, categories)."""
    return torch.stack([torch.bincount(col, minlength=categories)[:categories] for col in samples.T])


def disagreement(counts: torch.Tensor, expected: torch.Tensor, alpha: float = ALPHA,
                 impossible: str | None = None) -> str:
    """'' when sample counts (R, V) fit the exact probabilities (R, V); else what is off, in words.
    A category of probability 0 must never be drawn; each other one (0 < q < 1) is tested with its
    exact binomial tail. impossible: what is said of a category of probability 0 (has probability 0)."""
    n = int(counts[0].sum())
    never = (counts > 0) & (expected <= 0)
    if never.any():
        r, t = never.nonzero()[0].tolist()
        return words.say("engine.stats.drawn_impossible", slot=r, outcome=t, count=int(counts[r, t]),
                         impossible=impossible or words.say("engine.stats.impossible"))
    tested = (expected > 0) & (expected < 1)
    m = max(1, int(tested.sum()))
    for r, t in tested.nonzero().tolist():
        c, q = int(counts[r, t]), expected[r, t].item()
        if binomial_tail(c, n, q) < alpha / (2 * m):
            sd = math.sqrt(n * q * (1 - q))
            return words.say("engine.stats.drawn_off", slot=r, outcome=t, count=c, n=n, mean=n * q, sd=sd, p=q)
    return ""


def two_sample(a: torch.Tensor, b: torch.Tensor, alpha: float = ALPHA) -> str:
    """'' when counts a and b (R, V), from the same number of draws, fit one distribution.
    Given a + b draws of a category, a ~ Binomial(a + b, 1/2) under that hypothesis."""
    tested = (a + b) > 0
    m = max(1, int(tested.sum()))
    for r, t in tested.nonzero().tolist():
        x, y = int(a[r, t]), int(b[r, t])
        if binomial_tail(x, x + y, 0.5) < alpha / (2 * m):
            return words.say("engine.stats.drawn_unlike", slot=r, outcome=t, count=x, reference=y)
    return ""


def ks_distance(x: torch.Tensor, cdf) -> float:
    """sup |F_n - F| of the draws x (1-D) against a CDF given as a function of a float64 tensor."""
    x = x.double().sort().values
    n = x.numel()
    f = cdf(x).double()
    i = torch.arange(1, n + 1, dtype=torch.float64)
    return max((i / n - f).max().item(), (f - (i - 1) / n).max().item())


def ks_two(x: torch.Tensor, y: torch.Tensor) -> float:
    """sup |F_x - F_y| of two samples."""
    x, y = x.double().sort().values, y.double().sort().values
    grid = torch.cat([x, y])
    fx = torch.searchsorted(x, grid, right=True).double() / x.numel()
    fy = torch.searchsorted(y, grid, right=True).double() / y.numel()
    return (fx - fy).abs().max().item()


def dkw_bound(n: int, alpha: float) -> float:
    """ε with P[sup |F_n - F| > ε] <= alpha (Massart: 2 exp(-2 n ε²))."""
    return math.sqrt(math.log(2 / alpha) / (2 * n))
