import torch

EXPECT = {
    'hinge_loss: values': "reduction='mean' returns the sum: the mean divides by the number of elements",
    'hinge_loss: reductions agree': "reduction='mean' returns the sum: the mean divides by the number of elements",
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
    d = (pred - target).abs()
    return _reduce(torch.where(d < beta, 0.5 * d ** 2 / beta, d - 0.5 * beta), reduction)


def hinge_loss(scores, target, margin=1.0, reduction="mean"):
    loss = (margin - target * scores).clamp(min=0)
    if reduction == "none":
        return loss
    return loss.sum()                   # 'mean' forgot to divide
