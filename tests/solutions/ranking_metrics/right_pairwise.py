import math

import torch


def dcg_at_k(relevance, scores, k):
    n = scores.shape[1]
    higher = (scores.unsqueeze(1) > scores.unsqueeze(2)).sum(2)        # (Q, n): items ranked above item i
    tied = (scores.unsqueeze(1) == scores.unsqueeze(2)).sum(2)         # its tie group, itself included
    r = torch.arange(n + 1, device=scores.device, dtype=torch.float64)
    disc = torch.zeros(n + 1, dtype=torch.float64, device=scores.device)
    disc[1:] = 1.0 / torch.log2(r[1:] + 1)
    disc[k + 1:] = 0.0
    total = disc.cumsum(0)                                             # total[j] = discount of ranks 1..j
    mean_discount = (total[higher + tied] - total[higher]) / tied
    return (relevance.double() * mean_discount).sum(1).to(scores.dtype)


def ndcg_at_k(relevance, scores, k):
    got = dcg_at_k(relevance, scores, k).double()
    best = relevance.double().sort(dim=1, descending=True).values[:, :k]
    ideal = (best / torch.log2(torch.arange(2, best.shape[1] + 2, device=scores.device, dtype=torch.float64))).sum(1)
    safe = torch.where(ideal == 0, torch.ones_like(ideal), ideal)
    return torch.where(ideal == 0, torch.zeros_like(got), got / safe).to(scores.dtype)


def average_precision(labels, scores):
    at_least = scores.unsqueeze(1) >= scores.unsqueeze(2)              # [q, i, j]: item j scores >= item i
    precision = (at_least & (labels.unsqueeze(1) == 1)).sum(2).double() / at_least.sum(2)
    rel = labels == 1
    return (torch.where(rel, precision, 0.0).sum(1) / rel.sum(1)).to(scores.dtype)


def reciprocal_rank(labels, scores):
    rel = labels.bool()
    best = scores.masked_fill(~rel, -math.inf).max(dim=1, keepdim=True).values
    ahead = (scores >= best) & ~rel
    return 1.0 / (ahead.sum(1) + 1).to(scores.dtype)
