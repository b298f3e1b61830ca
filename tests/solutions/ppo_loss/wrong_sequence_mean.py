import torch

EXPECT = {
    'values': 'mean of per-sequence means; the loss is one mean over all real tokens of the batch',
    'unchanged policy gives minus the mean advantage': '',
}


def ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    loss = -torch.min(surr1, surr2) * mask
    return (loss.sum(dim=1) / mask.sum(dim=1)).mean()
