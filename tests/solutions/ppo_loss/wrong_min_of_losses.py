import torch

EXPECT = {
    'values': 'min instead of max on the negated objective: the loss is -min(ratio*A, clip(ratio)*A) = max(-ratio*A, -clip(ratio)*A)',
}


def ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = torch.exp(logp_new - logp_old)
    loss1 = -ratio * advantages
    loss2 = -torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    loss = torch.min(loss1, loss2)
    return (loss * mask).sum() / mask.sum()
