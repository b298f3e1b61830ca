import torch

EXPECT = {
    'no loop': '',
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    N, C = logits.shape
    w = torch.ones_like(logits[0]) if weight is None else weight
    losses, total_weight = [], logits.new_zeros(())
    for i in range(N):
        if target[i] == ignore_index:
            losses.append(logits.new_zeros(()))
            continue
        z = logits[i] - logits[i].max()
        logp = z - z.exp().sum().log()
        t = target[i]
        losses.append((1 - label_smoothing) * w[t] * -logp[t] - label_smoothing / C * (w * logp).sum())
        total_weight = total_weight + w[t]
    loss = torch.stack(losses)
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.sum() / total_weight
