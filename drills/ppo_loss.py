"""PPO clipped objective PPO裁剪目标

Write `ppo_loss(logp_new, logp_old, advantages, mask, clip_eps=0.2)`: the token-level clipped
surrogate of PPO (Schulman et al. 2017), as used to fine-tune language models (TRL, OpenRLHF,
verl), returned as a LOSS to minimise — the NEGATED objective:

    ratio_t    = exp(logp_new_t - logp_old_t)                 pi_new(token) / pi_old(token)
    objective_t = min(ratio_t * A_t,  clip(ratio_t, 1 - clip_eps, 1 + clip_eps) * A_t)
    loss       = - (sum of objective_t over real tokens) / (number of real tokens)

- `logp_new`, `logp_old`, `advantages` are float tensors and `mask` a bool tensor, all of one
  shape (B, S): B sequences of S tokens. `logp_*` are the log-probabilities of the sampled
  tokens under the current policy and under the policy that sampled them; `advantages` are
  per token (a sequence-level advantage is broadcast over its tokens by the caller).
- `mask` is True for a real (response) token, False for padding: padding contributes nothing.
  The mean is over ALL real tokens of the batch at once (token-level, "sum / number of real
  tokens"), not a mean of per-sequence means. Every batch has at least one real token.
- The min takes the pessimistic bound: once the ratio has moved past the clip range in the
  direction the advantage rewards, the token gives no more gradient.
- `logp_old` and `advantages` are constants (no gradient is needed through them). Return a 0-dim
  tensor with the inputs' dtype and device; nothing is modified in place. No Python loops.

Example:
    >>> logp_old = torch.tensor([[-1.0, -2.0, -0.5]])
    >>> logp_new = torch.tensor([[-0.5, -2.3, -3.0]])       # ratios 1.6487, 0.7408, 0.0821
    >>> advantages = torch.tensor([[1.0, -1.0, 2.0]])
    >>> mask = torch.tensor([[True, True, False]])
    >>> ppo_loss(logp_new, logp_old, advantages, mask)      # per token -1.2, 0.8; the third is padding
    tensor(-0.2000)
"""
import torch


def ppo_loss(logp_new: torch.Tensor, logp_old: torch.Tensor, advantages: torch.Tensor, mask: torch.Tensor,
             clip_eps: float = 0.2) -> torch.Tensor:
    # TODO: ratio, the two surrogates, their min, negate, masked mean over real tokens (about 5 lines)
    raise NotImplementedError
