import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    C = logits.shape[1]
    if weight is None:
        weight = torch.ones(C)
    logp = logits - logits.logsumexp(dim=1, keepdim=True)
    keep = target != ignore_index
    t = torch.where(keep, target, 0)
    w_t = weight[t] * keep
    loss = (1 - label_smoothing) * w_t * -logp.gather(1, t[:, None])[:, 0] \
        - label_smoothing * (logp * weight).sum(1) / C * keep
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.sum() / w_t.sum()
