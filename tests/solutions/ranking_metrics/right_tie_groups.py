import torch


def tie_groups(scores):
    """The items by decreasing score and, along that order, each one's tie group id (0, 1, ...)."""
    s, order = scores.sort(dim=-1, descending=True)
    starts = torch.ones_like(s, dtype=torch.long)
    starts[:, 1:] = (s[:, 1:] != s[:, :-1]).long()
    return order, starts.cumsum(-1) - 1


def dcg_at_k(relevance, scores, k):
    Q, n = scores.shape
    order, group = tie_groups(scores)
    gains = relevance.double().gather(1, order)
    group_sum = torch.zeros(Q, n, dtype=torch.float64, device=scores.device).scatter_add_(1, group, gains)
    group_size = torch.zeros_like(group_sum).scatter_add_(1, group, torch.ones_like(gains))
    mean_gain = group_sum.gather(1, group) / group_size.gather(1, group)   # every rank gets its group's mean gain
    pos = torch.arange(n, device=scores.device)
    discount = (1 / torch.log2(pos.double() + 2)) * (pos < k)
    return (mean_gain * discount).sum(1).to(scores.dtype)


def ndcg_at_k(relevance, scores, k):
    ideal = dcg_at_k(relevance, relevance.to(scores.dtype), k)
    return torch.nan_to_num(dcg_at_k(relevance, scores, k) / ideal, nan=0.0)


def average_precision(labels, scores):
    Q, n = scores.shape
    order, group = tie_groups(scores)
    y = labels.gather(1, order).double()
    hits = y.cumsum(1)
    # the precision-recall curve has one point per tie group, at its last item
    last = torch.zeros(Q, n, dtype=torch.long, device=scores.device).scatter_reduce_(
        1, group, torch.arange(n, device=scores.device).expand(Q, n), reduce="amax")
    tp = hits.gather(1, last)                                            # relevant up to each group's end
    seen = (last + 1).double()
    new_hits = torch.zeros(Q, n, dtype=torch.float64, device=scores.device).scatter_add_(1, group, y)
    ap = (new_hits * tp / seen).sum(1) / y.sum(1)                        # sum of (recall step) x precision
    return ap.to(scores.dtype)


def reciprocal_rank(labels, scores):
    best = torch.where(labels > 0, scores, scores.min() - 1).max(1).values
    above = ((scores >= best[:, None]) & (labels == 0)).sum(1)
    return (1 / (1 + above).double()).to(scores.dtype)
