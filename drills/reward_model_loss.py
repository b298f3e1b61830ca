"""Reward model loss 奖励模型损失

Write `reward_model_loss(r_chosen, r_rejected, margin=None)`: the pairwise Bradley–Terry loss that
trains a reward model on preference pairs (InstructGPT; Llama 2 adds a margin; TRL's
`RewardTrainer`). The model scores both responses of a pair; the loss asks the chosen one to score
higher than the rejected one, by at least `margin` when one is given:

    P(chosen preferred) = sigmoid(r_chosen - r_rejected)                    (Bradley–Terry)
    loss = mean over the B pairs of  -log sigmoid(r_chosen - r_rejected - margin)

- `r_chosen`, `r_rejected`: float tensors (B,), the scalar rewards of the chosen and of the
  rejected response of each pair (B >= 1).
- `margin`: None (no margin: 0) or a float tensor (B,) >= 0, how much better the chosen response
  was rated (Llama 2's graded preferences); it is subtracted from the reward gap. It is data: no
  gradient is needed through it.
- The MEAN over the batch, not the sum.
- Numerically stable: with reward gaps in the hundreds sigmoid underflows to 0 and log(0) = -inf;
  compute log sigmoid without forming sigmoid (F.logsigmoid, or -F.softplus(-z)).
- Return a 0-dim tensor with the inputs' dtype and device; nothing is modified in place. No
  Python loop over the pairs.

Example:
    >>> r_chosen = torch.tensor([1.0, 0.5, 2.0])
    >>> r_rejected = torch.tensor([0.0, 1.5, -1.0])      # gaps 1, -1, 3
    >>> reward_model_loss(r_chosen, r_rejected)           # per pair 0.3133, 1.3133, 0.0486
    tensor(0.5584)
    >>> reward_model_loss(r_chosen, r_rejected, margin=torch.tensor([0.5, 0.0, 1.0]))
    tensor(0.6381)                                        # per pair 0.4741, 1.3133, 0.1269
"""
import torch


def reward_model_loss(r_chosen: torch.Tensor, r_rejected: torch.Tensor,
                      margin: torch.Tensor | None = None) -> torch.Tensor:
    # TODO: the reward gap minus the margin, a stable -log sigmoid of it, the batch mean (about 4 lines)
    raise NotImplementedError
