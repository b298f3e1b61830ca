import torch

EXPECT = {
    'values': 'rank sum not reduced by n_pos (n_pos + 1) / 2: U = R_pos - n_pos (n_pos + 1) / 2',
    'AUC in [0, 1]': '',
    'swapping the labels gives 1 - AUC': '',
}


def roc_auc(scores, labels):
    _, inv, counts = torch.unique(scores, return_inverse=True, return_counts=True)
    counts = counts.double()
    ranks = (torch.cumsum(counts, 0) - (counts - 1) / 2)[inv]
    pos = labels == 1
    n_pos, n_neg = pos.sum().double(), (~pos).sum().double()
    return (ranks[pos].sum() / (n_pos * n_neg)).to(scores.dtype)
