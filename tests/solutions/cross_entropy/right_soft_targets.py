import torch
import torch.nn.functional as F


def cross_entropy(logits, target, weight=None, ignore_index=-100, label_smoothing=0.0, reduction="mean"):
    N, C = logits.shape
    m = logits.max(dim=1, keepdim=True).values
    logp = logits - m - torch.log(torch.exp(logits - m).sum(dim=1, keepdim=True))
    valid = (target != ignore_index).to(logits.dtype)
    one_hot = F.one_hot(target.clamp(0, C - 1), C).to(logits.dtype)   # ignored rows are zeroed by valid
    soft = (1 - label_smoothing) * one_hot + label_smoothing / C      # the smoothed target distribution
    w = torch.ones_like(logits[0]) if weight is None else weight
    loss = -(soft * w * logp).sum(dim=1) * valid
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    return loss.sum() / ((one_hot * w).sum(dim=1) * valid).sum()
