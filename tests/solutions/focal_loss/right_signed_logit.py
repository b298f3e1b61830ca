import torch
import torch.nn.functional as F


def focal_loss(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    z = torch.where(targets > 0.5, logits, -logits)       # > 0 when the prediction is right
    log_pt = F.logsigmoid(z)                              # log p_t, exact for any |z|
    log_one_minus_pt = F.logsigmoid(-z)                   # log(1 - p_t)
    loss = -torch.exp(gamma * log_one_minus_pt) * log_pt
    if alpha >= 0:
        loss = loss * torch.where(targets > 0.5, alpha, 1 - alpha)
    return {"none": loss, "sum": loss.sum(), "mean": loss.mean()}[reduction]
