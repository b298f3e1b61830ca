import torch


def roc_auc(scores, labels):
    pos = scores[labels == 1]
    neg = scores[labels == 0].sort().values
    below = torch.searchsorted(neg, pos, right=False)          # negatives strictly below each positive
    not_above = torch.searchsorted(neg, pos, right=True)       # ... and those equal to it
    wins = below.double() + 0.5 * (not_above - below).double()
    return (wins.sum() / (pos.numel() * neg.numel())).to(scores.dtype)
