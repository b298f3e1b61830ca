import torch
import torch.nn.functional as F

EXPECT = {
    'no loop': '',
}


def reward_model_loss(r_chosen, r_rejected, margin=None):
    losses = []
    for i in range(r_chosen.shape[0]):
        gap = r_chosen[i] - r_rejected[i]
        if margin is not None:
            gap = gap - margin[i]
        losses.append(-F.logsigmoid(gap))
    return torch.stack(losses).mean()
