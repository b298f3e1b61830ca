import torch

EXPECT = {
    'ndcg_at_k: device (emulated)': 'tensor created on a hard-coded device',
}


def dcg_at_k(relevance, scores, k):
    n = scores.shape[-1]
    ranks = torch.arange(1, n + 1, dtype=torch.float64, device=scores.device)
    discount = torch.where(ranks <= k, 1 / torch.log2(ranks + 1), 0.0)
    cum = torch.cat([discount.new_zeros(1), discount.cumsum(0)])
    ascending = scores.sort(dim=-1).values
    above = n - torch.searchsorted(ascending, scores, right=True)
    up_to = n - torch.searchsorted(ascending, scores)
    return (relevance.double() * (cum[up_to] - cum[above]) / (up_to - above)).sum(-1).to(scores.dtype)


def ndcg_at_k(relevance, scores, k):
    ideal = dcg_at_k(relevance, relevance.to(scores.dtype), k)
    dcg = dcg_at_k(relevance, scores, k)
    return torch.where(ideal > 0, dcg / ideal, torch.zeros(1, dtype=scores.dtype, device="cpu"))


def average_precision(labels, scores):
    n = scores.shape[-1]
    order = scores.argsort(dim=-1, descending=True)
    hits = labels.gather(-1, order).double().cumsum(-1)
    up_to = n - torch.searchsorted(scores.sort(dim=-1).values, scores)
    precision = hits.gather(-1, up_to - 1) / up_to
    return ((labels * precision).sum(-1) / labels.sum(-1)).to(scores.dtype)


def reciprocal_rank(labels, scores):
    best = torch.where(labels == 1, scores, torch.tensor(-torch.inf)).amax(-1, keepdim=True)
    rank = 1 + ((labels == 0) & (scores >= best)).sum(-1)
    return (1 / rank.double()).to(scores.dtype)
