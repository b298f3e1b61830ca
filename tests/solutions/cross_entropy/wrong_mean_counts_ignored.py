import torch

EXPECT = {
    'values': "ignored rows counted in the mean's denominator (divide by the kept rows, not N)",
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    C = logits.shape[1]
    z = logits - logits.max(dim=1, keepdim=True).values
    logp = z - z.exp().sum(dim=1, keepdim=True).log()
    w = torch.ones_like(logits[0]) if weight is None else weight
    keep = target != ignore_index
    t = target.masked_fill(~keep, 0)
    nll = -logp.gather(1, t.unsqueeze(1)).squeeze(1) * w[t]
    smooth = -(logp * w).sum(dim=1) / C
    loss = ((1 - label_smoothing) * nll + label_smoothing * smooth) * keep
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    return loss.mean()
