import torch


def reduce(loss, reduction):
    return {"none": lambda t: t, "sum": torch.sum, "mean": torch.mean}[reduction](loss)


def mse_loss(pred, target, reduction="mean"):
    d = pred - target
    return reduce(d * d, reduction)


def huber_loss(pred, target, delta=1.0, reduction="mean"):
    # the quadratic part of |d| up to delta, then a straight line of slope delta
    a = (pred - target).abs()
    q = a.clamp(max=delta)
    return reduce(0.5 * q * q + delta * (a - q), reduction)


def smooth_l1_loss(pred, target, beta=1.0, reduction="mean"):
    a = (pred - target).abs()
    q = a.clamp(max=beta)
    return reduce(0.5 * q * q / beta + (a - q), reduction)


def hinge_loss(scores, target, margin=1.0, reduction="mean"):
    return reduce(torch.relu(margin - target * scores), reduction)
