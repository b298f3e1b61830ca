import torch.nn.functional as F

EXPECT = {
    'values': 'sign swapped: the loss is -log sigmoid(r_chosen - r_rejected - margin), pushing the CHOSEN reward up',
    'swapping the sides moves the loss by the mean gap': '',
}


def reward_model_loss(r_chosen, r_rejected, margin=None):
    diff = r_rejected - r_chosen
    if margin is not None:
        diff = diff - margin
    return -F.logsigmoid(diff).mean()
