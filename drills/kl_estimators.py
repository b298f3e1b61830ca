"""KL estimators k1, k2, k3 KL散度估计器

Write `kl_estimators(logp, logp_ref)`: the three per-token estimators of KL(π ‖ π_ref) from
tokens SAMPLED from π (Schulman, "Approximating KL divergence", 2020) — the KL penalty of RLHF:
PPO puts k1 in the reward, GRPO adds k3 to the loss. For a sampled token x ~ π with
logp = log π(x), logp_ref = log π_ref(x) and the ratio r = π_ref(x) / π(x):

    log r = logp_ref - logp
    k1 = -log r                 unbiased, high variance, can be negative
    k2 = (log r)² / 2           biased, low variance, >= 0
    k3 = (r - 1) - log r        unbiased, low variance, >= 0 (r - 1 - log r >= 0 for every r > 0)

- `logp`, `logp_ref`: float tensors of one shape (any shape, e.g. (B, S)): the log-probabilities
  of the sampled tokens under the policy π and under the reference model π_ref (<= 0).
- Return `(k1, k2, k3)`, each a tensor of that same shape — one estimate per token, no reduction —
  with the inputs' dtype and device. No clamping of the ratio.
- The ratio comes from the DIFFERENCE of the log-probabilities, r = exp(logp_ref - logp): with
  log-probs near -200, exp(logp) underflows to 0 and π_ref / π is 0 / 0.
- Unbiasedness is graded exactly: over a small vocabulary, the π-weighted sums of k1 and of k3 over
  every token must equal KL(π ‖ π_ref).
- Gradients flow through both inputs (graded). Nothing is modified in place; no Python loop.

Example:
    >>> logp = torch.tensor([-1.0, -2.0, -0.5])
    >>> logp_ref = torch.tensor([-1.5, -1.0, -0.5])          # log r = -0.5, 1.0, 0.0
    >>> k1, k2, k3 = kl_estimators(logp, logp_ref)
    >>> k1, k2, k3
    (tensor([ 0.5000, -1.0000,  0.0000]), tensor([0.1250, 0.5000, 0.0000]), tensor([0.1065, 0.7183, 0.0000]))
"""
import torch


def kl_estimators(logp: torch.Tensor, logp_ref: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: log r from the difference, then the three estimators (about 4 lines)
    raise NotImplementedError
