import torch


def reward_model_loss(r_chosen, r_rejected, margin=None):
    # written out: -log sigmoid(z) = log(1 + e^-z) = max(-z, 0) + log1p(e^-|z|)
    m = torch.zeros_like(r_chosen) if margin is None else margin
    z = r_chosen - r_rejected - m
    losses = torch.clamp(-z, min=0) + torch.log1p(torch.exp(-z.abs()))
    return losses.sum() / z.shape[0]
