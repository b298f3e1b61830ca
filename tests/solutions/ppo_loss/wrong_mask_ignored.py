import torch

EXPECT = {
    'values': 'mean over all tokens, padding included: average over the real tokens (mask) only',
    'padding is ignored': '',
    'unchanged policy gives minus the mean advantage': '',
}


def ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    return -torch.min(surr1, surr2).mean()
