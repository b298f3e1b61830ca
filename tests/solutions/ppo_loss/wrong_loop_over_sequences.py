import torch

EXPECT = {
    'no loop': '',
}


def ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    total, count = 0.0, 0
    for b in range(logp_new.shape[0]):
        m = mask[b]
        ratio = torch.exp(logp_new[b][m] - logp_old[b][m])
        adv = advantages[b][m]
        surr = torch.min(ratio * adv, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv)
        total = total - surr.sum()
        count += int(m.sum())
    return total / count
