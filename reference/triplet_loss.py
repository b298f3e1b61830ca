import torch
import torch.nn.functional as F


def batch_hard_triplet_loss(embeddings: torch.Tensor, labels: torch.Tensor, margin: float = 1.0) -> torch.Tensor:
    # (N, N) Euclidean distances; the norm's gradient at 0 (the diagonal) is 0, not NaN
    dist = (embeddings[:, None] - embeddings[None, :]).norm(dim=-1)
    same = labels[:, None] == labels[None, :]
    eye = torch.eye(len(labels), dtype=torch.bool, device=labels.device)
    pos, neg = same & ~eye, ~same                      # an anchor is not its own positive
    hardest_pos = dist.masked_fill(~pos, float("-inf")).amax(1)    # farthest positive
    hardest_neg = dist.masked_fill(~neg, float("inf")).amin(1)     # nearest negative
    valid = pos.any(1) & neg.any(1)                    # anchors with both: the others have no triplet
    losses = F.relu(hardest_pos - hardest_neg + margin)[valid]
    return losses.sum() / valid.sum().clamp(min=1)


def contrastive_loss(x1: torch.Tensor, x2: torch.Tensor, same: torch.Tensor, margin: float = 1.0) -> torch.Tensor:
    d = (x1 - x2).norm(dim=-1)                         # (N,) plain distances
    # similar pairs are pulled together, dissimilar ones pushed out to the margin
    return torch.where(same, d ** 2, F.relu(margin - d) ** 2).mean()
