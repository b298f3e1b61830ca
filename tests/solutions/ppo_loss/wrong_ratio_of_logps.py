import torch

EXPECT = {
    'values': 'ratio as logp_new / logp_old: log-probs are subtracted, ratio = exp(logp_new - logp_old)',
}


def ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = logp_new / logp_old
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    loss = -torch.min(surr1, surr2)
    return (loss * mask).sum() / mask.sum()
