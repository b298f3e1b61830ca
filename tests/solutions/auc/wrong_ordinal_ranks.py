import torch

EXPECT = {
    'values': 'ranks of tied scores not averaged (argsort ranks split ties by position): tied scores share the mean of their ranks',
    'only the order of the scores matters': 'ranks of tied scores not averaged (argsort ranks split ties by position): tied scores share the mean of their ranks',
}


def roc_auc(scores, labels):
    ranks = torch.empty(len(scores), dtype=torch.float64, device=scores.device)
    ranks[scores.argsort(stable=True)] = torch.arange(1, len(scores) + 1, dtype=torch.float64, device=scores.device)
    n_pos = (labels == 1).sum().item()
    n_neg = len(labels) - n_pos
    u = ranks[labels == 1].sum() - n_pos * (n_pos + 1) / 2
    return (u / (n_pos * n_neg)).to(scores.dtype)
