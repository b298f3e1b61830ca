"""RLOO advantages RLOO留一法优势

Write `rloo_advantages(rewards, group_size)`: the advantages of REINFORCE Leave-One-Out (RLOO;
Kool et al. 2019, Ahmadian et al. 2024, TRL's `RLOOTrainer`). For every prompt the policy samples
`group_size` = k completions and a reward function scores each one. A completion's baseline is the
mean reward of the OTHER k - 1 completions of its own group — never its own reward, so the
baseline is independent of the sample and the gradient estimate stays unbiased:

    advantage_i = r_i - (sum of the rewards of i's group - r_i) / (k - 1)

- `rewards` is a 1-D float tensor of length G·k, k = `group_size` >= 2. Groups are CONSECUTIVE:
  rewards[0:k] are the k completions of prompt 0, rewards[k:2k] those of prompt 1, and so on.
- Only the baseline is subtracted: no division by a standard deviation (that is GRPO).
- Return a tensor of the same shape (G·k,), dtype and device; `rewards` is not modified. The
  advantages are constants of the policy loss: no gradient is needed.
- Vectorised: no Python loop over the groups or the completions.

Example:
    >>> rloo_advantages(torch.tensor([1.0, 0.0, 0.0, 0.0, 2.0, 4.0]), group_size=3)
    tensor([ 1.0000, -0.5000, -0.5000, -3.0000,  0.0000,  3.0000])
    # the reward 1 of group 0 is compared with mean(0, 0) = 0; each 0 with mean(1, 0) = 0.5
"""
import torch


def rloo_advantages(rewards: torch.Tensor, group_size: int) -> torch.Tensor:
    # TODO: view the rewards as (G, group_size), each one's leave-one-out mean from the row sum,
    # subtract, flatten back (about 4 lines)
    raise NotImplementedError
