import torch


def ppo_loss(logp_new: torch.Tensor, logp_old: torch.Tensor, advantages: torch.Tensor, mask: torch.Tensor,
             clip_eps: float = 0.2) -> torch.Tensor:
    ratio = torch.exp(logp_new - logp_old)              # (B, S) pi_new / pi_old, from log-probs
    unclipped = ratio * advantages
    clipped = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    # the min of the objectives (pessimistic bound) is the max of the losses
    per_token = torch.max(-unclipped, -clipped)         # (B, S)
    mask = mask.to(per_token.dtype)                     # padding counts 0
    return (per_token * mask).sum() / mask.sum()        # token-level mean over all real tokens
