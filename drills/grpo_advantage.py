"""GRPO group advantages GRPO组内优势

Write `grpo_advantages(rewards, group_size, eps=1e-4)`: the advantages of GRPO (DeepSeekMath;
TRL's `GRPOTrainer`). For every prompt the policy samples `group_size` completions, a reward
function scores each one, and a completion's advantage is its reward measured against the other
completions of ITS OWN group — no value network needed:

    advantage_i = (r_i - mean(group of i)) / (std(group of i) + eps)

- `rewards` is a 1-D float tensor of length G·n, n = `group_size` >= 2. Groups are CONSECUTIVE:
  rewards[0:n] are the n completions of prompt 0, rewards[n:2n] those of prompt 1, and so on.
- The std is the UNBIASED one (divide by n - 1: torch.std's default), as in TRL.
- A group whose rewards are all equal (every completion right, or every one wrong) has std 0:
  its advantages are 0 — that is what `eps` is for. No NaN.
- Return a tensor of the same shape (G·n,), dtype and device; `rewards` is not modified.
- Vectorised: no Python loop over the groups.

Example:
    >>> grpo_advantages(torch.tensor([1.0, 0.0, 0.0, 0.0, 2.0, 4.0]), group_size=3)
    tensor([ 1.1545, -0.5773, -0.5773, -1.0000,  0.0000,  1.0000])
    # group 0 = [1, 0, 0]: mean 1/3, std 0.5774; group 1 = [0, 2, 4]: mean 2, std 2
"""
import torch


def grpo_advantages(rewards: torch.Tensor, group_size: int, eps: float = 1e-4) -> torch.Tensor:
    # TODO: view the rewards as (G, group_size), mean and unbiased std per row, normalise,
    # flatten back (about 4 lines)
    raise NotImplementedError
