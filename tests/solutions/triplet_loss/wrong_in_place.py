import torch
import torch.nn.functional as F

EXPECT = {
    'batch_hard_triplet_loss: inputs unchanged': 'an input modified in place: work on new tensors',
    'contrastive_loss: inputs unchanged': 'an input modified in place: work on new tensors',
}


def batch_hard_triplet_loss(embeddings, labels, margin=1.0):
    x = embeddings.sub_(embeddings.mean(0))           # centres the caller's embeddings
    dist = torch.cdist(x, x)
    same = labels[:, None] == labels[None, :]
    pos = same & ~torch.eye(len(labels), dtype=torch.bool, device=x.device)
    neg = ~same
    hardest_pos = dist.masked_fill(~pos, float("-inf")).amax(1)
    hardest_neg = dist.masked_fill(~neg, float("inf")).amin(1)
    valid = pos.any(1) & neg.any(1)
    return F.relu(hardest_pos - hardest_neg + margin)[valid].sum() / valid.sum().clamp(min=1)


def contrastive_loss(x1, x2, same, margin=1.0):
    d = x1.sub_(x2).norm(dim=-1)                      # overwrites x1 with the differences
    return torch.where(same, d ** 2, F.relu(margin - d) ** 2).mean()
