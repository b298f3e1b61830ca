import torch


def dcg_at_k(relevance: torch.Tensor, scores: torch.Tensor, k: int) -> torch.Tensor:
    n = scores.shape[-1]
    ranks = torch.arange(1, n + 1, dtype=torch.float64, device=scores.device)
    discount = torch.where(ranks <= k, 1 / torch.log2(ranks + 1), 0.0)               # rank r: 1 / log2(r + 1)
    cum = torch.cat([discount.new_zeros(1), discount.cumsum(0)])                      # cum[i] = sum of the first i
    ascending = scores.sort(dim=-1).values
    above = n - torch.searchsorted(ascending, scores, right=True)                     # items scoring higher
    up_to = n - torch.searchsorted(ascending, scores)                                 # ... higher or equal
    # a tie group occupies ranks above+1 .. up_to: each of its items gets the mean discount there
    share = (cum[up_to] - cum[above]) / (up_to - above)
    return (relevance.double() * share).sum(-1).to(scores.dtype)


def ndcg_at_k(relevance: torch.Tensor, scores: torch.Tensor, k: int) -> torch.Tensor:
    ideal = dcg_at_k(relevance, relevance.to(scores.dtype), k).double()             # every item, best order
    dcg = dcg_at_k(relevance, scores, k).double()
    return torch.where(ideal > 0, dcg / ideal.clamp(min=1e-300), 0.0).to(scores.dtype)


def average_precision(labels: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
    n = scores.shape[-1]
    order = scores.argsort(dim=-1, descending=True)
    hits = labels.gather(-1, order).double().cumsum(-1)                                # relevant in the first i + 1
    up_to = n - torch.searchsorted(scores.sort(dim=-1).values, scores)                 # items scoring >= mine
    precision = hits.gather(-1, up_to - 1) / up_to                                     # a tie group enters at once
    relevant = labels.double()
    return ((relevant * precision).sum(-1) / relevant.sum(-1)).to(scores.dtype)


def reciprocal_rank(labels: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
    relevant = labels == 1
    best = torch.where(relevant, scores, -torch.inf).amax(-1, keepdim=True)           # the best relevant score
    rank = 1 + (~relevant & (scores >= best)).sum(-1)                                  # ties count against the model
    return (1 / rank.double()).to(scores.dtype)
