import torch

EXPECT = {
    'values': 'cross-entropy from log(softmax(x)): a target probability that underflows to 0 gives log(0) = -inf; compute log p = z - log(sum(exp(z))) instead',
    'shift invariance': '',
    'stable far below the max': 'cross-entropy from log(softmax(x)): a target probability that underflows to 0 gives log(0) = -inf; compute log p = z - log(sum(exp(z))) instead',
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    N, C = logits.shape
    e = torch.exp(logits - logits.max(dim=1, keepdim=True).values)
    logp = torch.log(e / e.sum(dim=1, keepdim=True))
    w = torch.ones_like(logits[0]) if weight is None else weight
    keep = target != ignore_index
    t = torch.where(keep, target, torch.zeros_like(target))
    w_t = w[t] * keep
    nll = -logp[torch.arange(N, device=logits.device), t]
    smooth = -(logp * w).sum(dim=1) / C
    loss = (1 - label_smoothing) * w_t * nll + label_smoothing * smooth * keep
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    return loss.sum() / w_t.sum()
