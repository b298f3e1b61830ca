import torch
import torch.nn.functional as F


def reward_model_loss(r_chosen, r_rejected, margin=None):
    # "chosen wins" with probability sigmoid(gap): binary cross-entropy against the label 1
    gap = r_chosen - r_rejected
    if margin is not None:
        gap = gap - margin
    return F.binary_cross_entropy_with_logits(gap, torch.ones_like(gap))
