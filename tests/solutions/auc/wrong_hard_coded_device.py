import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def roc_auc(scores, labels):
    n = len(scores)
    order = scores.argsort()
    positions = torch.arange(1, n + 1, dtype=torch.float64)          # ranks 1..n in sorted order
    _, group, counts = torch.unique_consecutive(scores[order], return_inverse=True, return_counts=True)
    mean_rank = torch.zeros(len(counts), dtype=torch.float64, device=scores.device).index_add_(0, group, positions)
    mean_rank = mean_rank / counts
    ranks = torch.empty(n, dtype=torch.float64, device=scores.device)
    ranks[order] = mean_rank[group]
    pos = labels == 1
    n_pos = pos.sum()
    u = ranks[pos].sum() - n_pos * (n_pos + 1) / 2
    return (u / (n_pos * (n - n_pos))).to(scores.dtype)
