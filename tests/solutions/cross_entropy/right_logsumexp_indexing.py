import torch


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    N, C = logits.shape
    lse = torch.logsumexp(logits, dim=1)                          # (N,)
    valid = target != ignore_index
    safe = target.masked_fill(~valid, 0)
    rows = torch.arange(N, device=logits.device)
    nll = lse - logits[rows, safe]                                # -log p(target)
    if weight is None:
        w_t = valid.to(logits.dtype)
        smooth = lse - logits.mean(dim=1)                         # mean over classes of -log p
    else:
        w_t = weight[safe] * valid
        smooth = (weight * (lse[:, None] - logits)).sum(dim=1) / C
    loss = (1 - label_smoothing) * w_t * nll + label_smoothing * smooth * valid
    if reduction == "sum":
        return loss.sum()
    if reduction == "mean":
        return loss.sum() / w_t.sum()
    return loss
