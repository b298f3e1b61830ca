import torch

EXPECT = {
    'values': 'AUC of the reversed labels (1 - AUC): label 1 is the positive class, the one that should score higher',
}


def roc_auc(scores, labels):
    _, inv, counts = torch.unique(scores, return_inverse=True, return_counts=True)
    counts = counts.double()
    ranks = (torch.cumsum(counts, 0) - (counts - 1) / 2)[inv]
    neg = labels == 0                                           # rank sum of class 0
    n0 = neg.sum().double()
    n1 = len(labels) - n0
    return ((ranks[neg].sum() - n0 * (n0 + 1) / 2) / (n0 * n1)).to(scores.dtype)
