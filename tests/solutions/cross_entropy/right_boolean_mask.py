import torch


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    C = logits.shape[1]
    keep = target != ignore_index
    x, t = logits[keep], target[keep]                  # only the rows that count
    z = x - x.amax(dim=1, keepdim=True)
    logp = z - z.exp().sum(dim=1, keepdim=True).log()
    w = torch.ones(C, dtype=logits.dtype, device=logits.device) if weight is None else weight
    w_t = w[t]
    per_row = (1 - label_smoothing) * w_t * -logp.gather(1, t[:, None]).squeeze(1) \
        + label_smoothing / C * -(logp * w).sum(dim=1)
    if reduction == "none":
        out = torch.zeros(logits.shape[0], dtype=logits.dtype, device=logits.device)
        return out.masked_scatter(keep, per_row)
    if reduction == "sum":
        return per_row.sum()
    return per_row.sum() / w_t.sum()
