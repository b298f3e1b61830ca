import torch
import torch.nn.functional as F

EXPECT = {
    'values': 'label smoothing spread over the C-1 other classes instead of all C (eps/C goes to every class, the target included)',
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    N, C = logits.shape
    logp = logits - logits.logsumexp(dim=1, keepdim=True)
    w = torch.ones_like(logits[0]) if weight is None else weight
    keep = target != ignore_index
    t = torch.where(keep, target, 0)
    one_hot = F.one_hot(t, C).to(logits.dtype)
    # the target keeps 1 - eps, the other C - 1 classes share eps
    q = one_hot * (1 - label_smoothing) + (1 - one_hot) * label_smoothing / max(C - 1, 1)
    loss = -(q * w * logp).sum(dim=1) * keep
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    return loss.sum() / (w[t] * keep).sum()
