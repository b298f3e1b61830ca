import torch

EXPECT = {
    'values': 'cross-entropy by clipping probabilities (log(clamp(softmax(x), eps))): the loss of a target far below the others is capped near -log(eps); compute log p with log-sum-exp',
    'stable far below the max': 'cross-entropy by clipping probabilities (log(clamp(softmax(x), eps))): the loss of a target far below the others is capped near -log(eps); compute log p with log-sum-exp',
}


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    N, C = logits.shape
    e = torch.exp(logits - logits.max(dim=1, keepdim=True).values)
    probs = e / e.sum(dim=1, keepdim=True)
    logp = torch.log(torch.clamp(probs, min=1e-12))        # avoid log(0)
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
