import torch
import torch.nn.functional as F

EXPECT = {
    'batch_hard_triplet_loss: device (emulated)': 'tensor created on a hard-coded device',
}


def batch_hard_triplet_loss(embeddings, labels, margin=1.0):
    dist = (embeddings[:, None] - embeddings[None, :]).norm(dim=-1)
    same = labels[:, None] == labels[None, :]
    pos = same & ~torch.eye(len(labels), dtype=torch.bool, device="cpu")
    neg = ~same
    hardest_pos = dist.masked_fill(~pos, float("-inf")).amax(1)
    hardest_neg = dist.masked_fill(~neg, float("inf")).amin(1)
    valid = pos.any(1) & neg.any(1)
    return F.relu(hardest_pos - hardest_neg + margin)[valid].sum() / valid.sum().clamp(min=1)


def contrastive_loss(x1, x2, same, margin=1.0):
    d = (x1 - x2).norm(dim=-1)
    return torch.where(same, d ** 2, F.relu(margin - d) ** 2).mean()
