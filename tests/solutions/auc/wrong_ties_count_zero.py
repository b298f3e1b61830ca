import torch

EXPECT = {
    'values': 'ties counted as 0: a tied (positive, negative) pair counts one half',
    'swapping the labels gives 1 - AUC': '',
}


def roc_auc(scores, labels):
    pos = scores[labels == 1]
    neg = torch.sort(scores[labels == 0]).values
    wins = torch.searchsorted(neg, pos).double()               # negatives strictly below each positive
    return (wins.sum() / (len(pos) * len(neg))).to(scores.dtype)
