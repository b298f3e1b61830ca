import torch


def _reduce(loss, reduction):
    if reduction == "sum":
        return loss.sum()
    if reduction == "mean":
        return loss.sum() / loss.numel()
    return loss


def mse_loss(pred, target, reduction="mean"):
    return _reduce(torch.square(target - pred), reduction)


def huber_loss(pred, target, delta=1.0, reduction="mean"):
    d = target - pred
    inside = (d.abs() <= delta).to(d.dtype)
    loss = inside * 0.5 * d ** 2 + (1 - inside) * (delta * d.abs() - 0.5 * delta ** 2)
    return _reduce(loss, reduction)


def smooth_l1_loss(pred, target, beta=1.0, reduction="mean"):
    return huber_loss(pred, target, delta=beta, reduction=reduction) / beta


def hinge_loss(scores, target, margin=1.0, reduction="mean"):
    z = margin - scores * target
    return _reduce(torch.maximum(z, torch.zeros_like(z)), reduction)
