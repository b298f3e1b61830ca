import torch

EXPECT = {
    'runs': 'indexed with the ignored targets (-100) before masking them: index with a safe target (torch.where(keep, target, 0)) and zero those rows',
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    C = logits.shape[1]
    logp = logits - logits.logsumexp(dim=1, keepdim=True)
    w = torch.ones_like(logits[0]) if weight is None else weight
    keep = (target != ignore_index).to(logits.dtype)
    nll = -logp.gather(1, target[:, None]).squeeze(1)       # then zero the ignored rows
    w_t = w[target] * keep
    loss = (1 - label_smoothing) * w_t * nll - label_smoothing * (logp * w).sum(1) / C * keep
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    return loss.sum() / w_t.sum()
