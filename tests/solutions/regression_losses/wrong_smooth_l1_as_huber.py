import torch

EXPECT = {
    'smooth_l1_loss: values': 'smooth L1 written as Huber (slope beta outside, no division inside): smooth L1 is 0.5 · d² / beta inside and |d| - beta / 2 outside',
}


def _reduce(loss, reduction):
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.mean()


def mse_loss(pred, target, reduction="mean"):
    return _reduce((pred - target) ** 2, reduction)


def huber_loss(pred, target, delta=1.0, reduction="mean"):
    d = (pred - target).abs()
    return _reduce(torch.where(d <= delta, 0.5 * d ** 2, delta * (d - 0.5 * delta)), reduction)


def smooth_l1_loss(pred, target, beta=1.0, reduction="mean"):
    return huber_loss(pred, target, delta=beta, reduction=reduction)      # forgot the 1 / beta


def hinge_loss(scores, target, margin=1.0, reduction="mean"):
    return _reduce((margin - target * scores).clamp(min=0), reduction)
