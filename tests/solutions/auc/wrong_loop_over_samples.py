import torch

EXPECT = {
    'no loop': '',
}


def roc_auc(scores, labels):
    neg = scores[labels == 0]
    total = torch.zeros((), dtype=torch.float64, device=scores.device)
    n_pos = 0
    for s, y in zip(scores, labels):
        if y == 1:
            total = total + (neg < s).sum() + 0.5 * (neg == s).sum()
            n_pos += 1
    return (total / (n_pos * len(neg))).to(scores.dtype)
