import torch


def roc_auc(scores: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
    # AUC = P(a positive outscores a negative), ties 1/2 = the Mann-Whitney U from mid-ranks
    ordered = scores.sort().values
    below = torch.searchsorted(ordered, scores)                  # how many scores are strictly lower
    up_to = torch.searchsorted(ordered, scores, right=True)      # ... lower or equal
    ranks = (below + up_to + 1).double() / 2                     # 1-based; a tied group shares its mean rank
    pos = labels == 1
    n_pos = pos.sum().double()
    n_neg = labels.numel() - n_pos
    u = ranks[pos].sum() - n_pos * (n_pos + 1) / 2               # pairs (positive, negative) won, ties 1/2
    return (u / (n_pos * n_neg)).to(scores.dtype)
