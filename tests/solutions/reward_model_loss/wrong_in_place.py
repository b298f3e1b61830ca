import torch.nn.functional as F

EXPECT = {
    'inputs unchanged': 'an input modified in place: work on new tensors',
}


def reward_model_loss(r_chosen, r_rejected, margin=None):
    if margin is not None:
        r_chosen -= margin                     # the caller's rewards change too
    return -F.logsigmoid(r_chosen - r_rejected).mean()
