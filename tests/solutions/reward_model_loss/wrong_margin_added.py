import torch.nn.functional as F

EXPECT = {
    'values': 'margin added to the gap: subtract it, so the chosen reward must win BY the margin',
}


def reward_model_loss(r_chosen, r_rejected, margin=None):
    if margin is None:
        return -F.logsigmoid(r_chosen - r_rejected).mean()
    return -F.logsigmoid(r_chosen - r_rejected + margin).mean()
