import torch


def batch_hard_triplet_loss(embeddings, labels, margin=1.0):
    x = embeddings.double()
    diff = x.unsqueeze(1) - x.unsqueeze(0)                     # (N, N, D)
    dist = (diff * diff).sum(-1).clamp(min=1e-30).sqrt()
    n = x.shape[0]
    idx = torch.arange(n, device=x.device)
    same = labels.unsqueeze(0) == labels.unsqueeze(1)
    is_pos = same & (idx.unsqueeze(0) != idx.unsqueeze(1))
    is_neg = ~same
    inf = torch.tensor(float("inf"), dtype=x.dtype, device=x.device)
    j = torch.where(is_pos, dist, -inf).argmax(dim=1)         # farthest positive of each anchor
    k = torch.where(is_neg, dist, inf).argmin(dim=1)          # nearest negative
    anchors = idx[is_pos.any(1) & is_neg.any(1)]
    if len(anchors) == 0:
        return (x.sum() * 0).to(embeddings.dtype)
    gap = dist[anchors, j[anchors]] - dist[anchors, k[anchors]] + margin
    return torch.relu(gap).mean().to(embeddings.dtype)


def contrastive_loss(x1, x2, same, margin=1.0):
    d = torch.linalg.vector_norm(x1.double() - x2.double(), dim=1)
    pull = d.pow(2)[same]
    push = torch.relu(margin - d[~same]).pow(2)
    return ((pull.sum() + push.sum()) / len(d)).to(x1.dtype)
