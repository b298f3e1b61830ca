import torch

EXPECT = {
    'mse_loss: inputs unchanged': 'a loss computed in place on its inputs (pred.sub_(target)): work on new tensors',
}


def _reduce(loss, reduction):
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.mean()


def mse_loss(pred, target, reduction="mean"):
    d = pred.sub_(target)               # reuses pred's memory: the caller's pred changes
    return _reduce(d * d, reduction)


def huber_loss(pred, target, delta=1.0, reduction="mean"):
    d = (pred - target).abs()
    return _reduce(torch.where(d <= delta, 0.5 * d ** 2, delta * (d - 0.5 * delta)), reduction)


def smooth_l1_loss(pred, target, beta=1.0, reduction="mean"):
    d = (pred - target).abs()
    return _reduce(torch.where(d < beta, 0.5 * d ** 2 / beta, d - 0.5 * beta), reduction)


def hinge_loss(scores, target, margin=1.0, reduction="mean"):
    return _reduce((margin - target * scores).clamp(min=0), reduction)
