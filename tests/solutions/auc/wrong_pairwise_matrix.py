import torch

EXPECT = {
    'memory': '',
}


def roc_auc(scores, labels):
    pos, neg = scores[labels == 1], scores[labels == 0]
    diff = pos[:, None] - neg[None, :]                         # every (positive, negative) pair
    wins = (diff > 0).double() + 0.5 * (diff == 0).double()
    return wins.mean().to(scores.dtype)
