import torch


def ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2):
    ratio = (logp_new - logp_old).exp()
    pg_losses = -advantages * ratio
    pg_losses2 = -advantages * ratio.clamp(min=1.0 - clip_eps, max=1.0 + clip_eps)
    per_token = torch.maximum(pg_losses, pg_losses2).masked_fill(~mask, 0.0)
    n_tokens = mask.sum().clamp(min=1)
    return per_token.sum() / n_tokens
