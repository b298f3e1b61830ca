import torch.nn.functional as F

EXPECT = {
    'values': 'margin ignored: the gap is r_chosen - r_rejected - margin',
}


def reward_model_loss(r_chosen, r_rejected, margin=None):
    return -F.logsigmoid(r_chosen - r_rejected).mean()
