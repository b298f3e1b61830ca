import torch

EXPECT = {
    'mse_loss: values': "reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, loss.mean()",
    'mse_loss: reductions agree': "reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, loss.mean()",
    'huber_loss: values': "reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, loss.mean()",
    'huber_loss: reductions agree': "reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, loss.mean()",
    'smooth_l1_loss: values': "reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, loss.mean()",
    'smooth_l1_loss: reductions agree': "reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, loss.mean()",
    'hinge_loss: values': "reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, loss.mean()",
    'hinge_loss: reductions agree': "reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, loss.mean()",
}


def _reduce(loss, reduction):
    if reduction == "none":
        return loss
    if reduction == "sum":
        return loss.sum()
    return loss.sum(-1).mean()          # sum over the features, mean over the batch


def mse_loss(pred, target, reduction="mean"):
    return _reduce((pred - target) ** 2, reduction)


def huber_loss(pred, target, delta=1.0, reduction="mean"):
    d = (pred - target).abs()
    return _reduce(torch.where(d <= delta, 0.5 * d ** 2, delta * (d - 0.5 * delta)), reduction)


def smooth_l1_loss(pred, target, beta=1.0, reduction="mean"):
    d = (pred - target).abs()
    return _reduce(torch.where(d < beta, 0.5 * d ** 2 / beta, d - 0.5 * beta), reduction)


def hinge_loss(scores, target, margin=1.0, reduction="mean"):
    return _reduce((margin - target * scores).clamp(min=0), reduction)
