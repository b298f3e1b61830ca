import math

EXPECT = {
    'dcg_at_k: no loop': '',
    'ndcg_at_k: no loop': '',
    'average_precision: no loop': '',
    'reciprocal_rank: no loop': '',
}

import torch


def dcg_row(rel, s, k):
    total = 0.0
    values = sorted(set(s.tolist()), reverse=True)
    start = 0
    for v in values:
        group = s == v
        size = int(group.sum())
        discount = sum(1 / math.log2(r + 1) for r in range(start + 1, start + size + 1) if r <= k)
        total += rel[group].double().mean().item() * discount
        start += size
    return total


def dcg_at_k(relevance, scores, k):
    return torch.tensor([dcg_row(r, s, k) for r, s in zip(relevance, scores)], dtype=scores.dtype,
                        device=scores.device)


def ndcg_at_k(relevance, scores, k):
    out = []
    for r, s in zip(relevance, scores):
        ideal = dcg_row(r, r, k)
        out.append(dcg_row(r, s, k) / ideal if ideal > 0 else 0.0)
    return torch.tensor(out, dtype=scores.dtype, device=scores.device)


def average_precision(labels, scores):
    out = []
    for y, s in zip(labels, scores):
        at_least = s[None, :] >= s[:, None]
        precision = (at_least & (y[None, :] == 1)).sum(1).double() / at_least.sum(1)
        out.append(precision[y == 1].mean())
    return torch.stack(out).to(scores.dtype)


def reciprocal_rank(labels, scores):
    out = []
    for y, s in zip(labels, scores):
        best = s[y == 1].max()
        out.append(1 / (1 + ((s >= best) & (y == 0)).sum().double()))
    return torch.stack(out).to(scores.dtype)
