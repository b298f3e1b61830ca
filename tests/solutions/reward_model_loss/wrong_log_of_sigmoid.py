import torch

EXPECT = {
    'gradients': '-log(sigmoid(z)) underflows: sigmoid(z) is 0 for very negative z and log(0) = -inf; use F.logsigmoid',
    'extreme inputs': '-log(sigmoid(z)) underflows: sigmoid(z) is 0 for very negative z and log(0) = -inf; use F.logsigmoid',
}


def reward_model_loss(r_chosen, r_rejected, margin=None):
    gap = r_chosen - r_rejected
    if margin is not None:
        gap = gap - margin
    return -torch.log(torch.sigmoid(gap)).mean()
