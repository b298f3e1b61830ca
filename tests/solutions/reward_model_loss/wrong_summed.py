import torch.nn.functional as F

EXPECT = {
    'values': 'loss summed over the pairs instead of averaged',
    'swapping the sides moves the loss by the mean gap': '',
    'equal rewards give log 2': '',
}


def reward_model_loss(r_chosen, r_rejected, margin=None):
    logits = r_chosen - r_rejected
    if margin is not None:
        logits = logits - margin
    return -F.logsigmoid(logits).sum()
