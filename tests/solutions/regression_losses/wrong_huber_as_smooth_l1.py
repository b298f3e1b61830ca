import torch

EXPECT = {
    'huber_loss: values': 'Huber written as smooth L1 (quadratic part divided by delta, slope 1 outside): Huber is 0.5 · d² inside and delta · (|d| - delta / 2) outside, delta times smooth L1',
}


def _reduce(loss, reduction):
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.mean()


def mse_loss(pred, target, reduction="mean"):
    return _reduce((pred - target) ** 2, reduction)


def huber_loss(pred, target, delta=1.0, reduction="mean"):
    d = (pred - target).abs()
    loss = torch.where(d < delta, 0.5 * d ** 2 / delta, d - 0.5 * delta)     # that is smooth L1
    return _reduce(loss, reduction)


def smooth_l1_loss(pred, target, beta=1.0, reduction="mean"):
    d = (pred - target).abs()
    return _reduce(torch.where(d < beta, 0.5 * d ** 2 / beta, d - 0.5 * beta), reduction)


def hinge_loss(scores, target, margin=1.0, reduction="mean"):
    return _reduce((margin - target * scores).clamp(min=0), reduction)
