import torch

EXPECT = {
    'values': "log-sum-exp without subtracting the row's max: exp overflows to inf for large logits and underflows to 0 (log(0) = -inf) when every logit is very negative",
    'shift invariance': '',
    'stable far below the max': "log-sum-exp without subtracting the row's max: exp overflows to inf for large logits and underflows to 0 (log(0) = -inf) when every logit is very negative",
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    C = logits.shape[1]
    logp = logits - torch.log(torch.exp(logits).sum(dim=1, keepdim=True))
    w = torch.ones_like(logits[0]) if weight is None else weight
    keep = target != ignore_index
    t = torch.where(keep, target, 0)
    w_t = w[t] * keep
    loss = -(1 - label_smoothing) * w_t * logp.gather(1, t[:, None]).squeeze(1) \
        - label_smoothing / C * (logp * w).sum(dim=1) * keep
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.sum() / w_t.sum()
