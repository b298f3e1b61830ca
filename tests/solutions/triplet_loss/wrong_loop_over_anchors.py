import torch

EXPECT = {
    'batch_hard_triplet_loss: no loop': '',
}


def batch_hard_triplet_loss(embeddings, labels, margin=1.0):
    total, count = embeddings.sum() * 0, 0
    for i in range(len(labels)):
        d = (embeddings - embeddings[i]).norm(dim=-1)
        pos = labels == labels[i]
        pos[i] = False
        neg = labels != labels[i]
        if pos.any() and neg.any():
            total = total + torch.relu(d[pos].max() - d[neg].min() + margin)
            count += 1
    return total / max(count, 1)


def contrastive_loss(x1, x2, same, margin=1.0):
    d = (x1 - x2).norm(dim=-1)
    return torch.where(same, d ** 2, torch.relu(margin - d) ** 2).mean()
