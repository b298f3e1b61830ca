import torch

EXPECT = {
    'values': "label-smoothing term not weighted: with `weight`, class c's share eps/C is multiplied by w[c]",
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    N, C = logits.shape
    logp = logits - logits.logsumexp(dim=1, keepdim=True)
    keep = target != ignore_index
    t = torch.where(keep, target, 0)
    w_t = keep.to(logits.dtype) if weight is None else weight[t] * keep
    nll = -logp[torch.arange(N), t]
    loss = (1 - label_smoothing) * w_t * nll - label_smoothing * logp.mean(dim=1) * keep
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    return loss.sum() / w_t.sum()
