import torch.nn.functional as F


def reward_model_loss(r_chosen, r_rejected, margin=None):
    # -log sigmoid(z) = softplus(-z)
    z = r_chosen - r_rejected
    if margin is not None:
        z = z - margin
    return F.softplus(-z).mean()
