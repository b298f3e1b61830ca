import torch


def _reduce(loss: torch.Tensor, reduction: str) -> torch.Tensor:
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.mean()      # the mean over every element


def mse_loss(pred: torch.Tensor, target: torch.Tensor, reduction: str = "mean") -> torch.Tensor:
    return _reduce((pred - target).pow(2), reduction)


def huber_loss(pred: torch.Tensor, target: torch.Tensor, delta: float = 1.0,
               reduction: str = "mean") -> torch.Tensor:
    d = (pred - target).abs()
    # the two pieces meet at |d| = delta with the same value and slope
    loss = torch.where(d <= delta, 0.5 * d * d, delta * (d - 0.5 * delta))
    return _reduce(loss, reduction)


def smooth_l1_loss(pred: torch.Tensor, target: torch.Tensor, beta: float = 1.0,
                   reduction: str = "mean") -> torch.Tensor:
    d = (pred - target).abs()
    loss = torch.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta)    # huber / beta, slope 1 outside
    return _reduce(loss, reduction)


def hinge_loss(scores: torch.Tensor, target: torch.Tensor, margin: float = 1.0,
               reduction: str = "mean") -> torch.Tensor:
    return _reduce((margin - target * scores).clamp(min=0), reduction)
