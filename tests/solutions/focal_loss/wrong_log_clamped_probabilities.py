import torch

EXPECT = {
    'values': 'log(sigmoid(x)) is unstable: sigmoid underflows to 0 (or rounds to 1) at large |x| and the log gives -inf, or a clamp gives a wrong finite value; use F.logsigmoid(x) / F.logsigmoid(-x) or F.binary_cross_entropy_with_logits',
    'gamma=0, alpha<0 is binary cross-entropy': '',
}


def focal_loss(logits, targets, alpha=0.25, gamma=2.0, reduction="mean"):
    p = torch.sigmoid(logits).clamp(1e-7, 1 - 1e-7)      # "avoid log(0)"
    ce = -(targets * torch.log(p) + (1 - targets) * torch.log(1 - p))
    p_t = p * targets + (1 - p) * (1 - targets)
    loss = ce * (1 - p_t) ** gamma
    if alpha >= 0:
        loss = (alpha * targets + (1 - alpha) * (1 - targets)) * loss
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss
