import torch

EXPECT = {
    'mse_loss: no loop': '',
}


def _reduce(loss, reduction):
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.mean()


def mse_loss(pred, target, reduction="mean"):
    flat = [(p - t) ** 2 for p, t in zip(pred.reshape(-1), target.reshape(-1))]
    loss = torch.stack(flat).reshape(pred.shape) if flat else pred * 0
    return _reduce(loss, reduction)


def huber_loss(pred, target, delta=1.0, reduction="mean"):
    d = (pred - target).abs()
    return _reduce(torch.where(d <= delta, 0.5 * d ** 2, delta * (d - 0.5 * delta)), reduction)


def smooth_l1_loss(pred, target, beta=1.0, reduction="mean"):
    d = (pred - target).abs()
    return _reduce(torch.where(d < beta, 0.5 * d ** 2 / beta, d - 0.5 * beta), reduction)


def hinge_loss(scores, target, margin=1.0, reduction="mean"):
    return _reduce((margin - target * scores).clamp(min=0), reduction)
