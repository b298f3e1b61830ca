import torch
import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    C = logits.shape[1]
    logp = F.log_softmax(logits, dim=1)
    w = torch.ones_like(logits[0]) if weight is None else weight
    keep = target != ignore_index
    t = torch.where(keep, target, 0)
    w_t = w[t] * keep
    loss = (1 - label_smoothing) * w_t * -logp.gather(1, t[:, None])[:, 0] \
        - label_smoothing * (logp * w).sum(1) / C * keep
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.sum() / w_t.sum()
