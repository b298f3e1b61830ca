import torch


def kl_estimators(logp, logp_ref):
    # as GRPO trainers write the per-token KL penalty
    per_token_kl = torch.exp(logp_ref - logp) - (logp_ref - logp) - 1
    diff = logp - logp_ref
    return diff, diff * diff / 2, per_token_kl
