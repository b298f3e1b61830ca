import torch


def ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    # keep the real tokens only (a 1-D tensor), then a plain mean
    log_ratio = (logp_new - logp_old)[mask]
    adv = advantages[mask]
    ratio = log_ratio.exp()
    objective = torch.where(adv >= 0,
                            torch.minimum(ratio, torch.full_like(ratio, 1 + clip_eps)) * adv,
                            torch.maximum(ratio, torch.full_like(ratio, 1 - clip_eps)) * adv)
    return -objective.mean()
