import torch


def dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1):
    chosen = beta * (pi_chosen - ref_chosen)
    rejected = beta * (pi_rejected - ref_rejected)
    z = chosen - rejected
    # -log sigmoid(z) = log(1 + e^-z) = max(-z, 0) + log1p(e^-|z|): no overflow, no log(0)
    losses = torch.clamp(-z, min=0) + torch.log1p(torch.exp(-z.abs()))
    return losses.sum() / z.numel(), chosen.detach(), rejected.detach()
