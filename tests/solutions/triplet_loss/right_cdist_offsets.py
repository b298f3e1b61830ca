import torch


def batch_hard_triplet_loss(embeddings, labels, margin=1.0):
    dist = torch.cdist(embeddings, embeddings)
    n = len(labels)
    same = (labels[:, None] == labels[None, :]).to(dist.dtype)
    not_self = 1 - torch.eye(n, dtype=dist.dtype, device=dist.device)
    pos = same * not_self
    neg = 1 - same
    # distances are >= 0: zeroing the non-positives leaves the max; pushing the non-negatives past the
    # largest distance leaves the min
    hardest_pos = (dist * pos).max(dim=1).values
    hardest_neg = (dist + (1 - neg) * (dist.max().detach() + 1)).min(dim=1).values
    has = ((pos.sum(1) > 0) & (neg.sum(1) > 0)).to(dist.dtype)
    per_anchor = (hardest_pos - hardest_neg + margin).clamp(min=0) * has
    return per_anchor.sum() / has.sum().clamp(min=1)


def contrastive_loss(x1, x2, same, margin=1.0):
    sq = ((x1 - x2) ** 2).sum(dim=-1)
    d = sq.clamp(min=1e-12).sqrt()
    y = same.to(x1.dtype)
    return (y * sq + (1 - y) * (margin - d).clamp(min=0) ** 2).sum() / len(y)
