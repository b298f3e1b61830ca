import torch

EXPECT = {
    'inputs unchanged': 'an input modified in place: work on new tensors',
}


def ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    advantages[~mask] = 0.0                      # padding gives no signal... in the caller's tensor too
    ratio = torch.exp(logp_new - logp_old)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    return -torch.min(surr1, surr2).sum() / mask.sum()
