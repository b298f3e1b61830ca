"""DPO loss DPO损失

Write `dpo_loss(pi_chosen, pi_rejected, ref_chosen, ref_rejected, beta=0.1)`: the Direct
Preference Optimisation loss (Rafailov et al. 2023), TRL's default "sigmoid" loss. For each
preference pair the policy should raise the chosen response's log-probability, relative to the
frozen reference model, more than the rejected one's:

    chosen_reward   = beta * (pi_chosen   - ref_chosen)          (B,)
    rejected_reward = beta * (pi_rejected - ref_rejected)        (B,)
    loss = mean over the batch of  -log sigmoid(chosen_reward - rejected_reward)

- The four inputs are float tensors of shape (B,): the SUMMED log-probability of each whole
  response (chosen or rejected) under the policy (`pi_*`) or the reference model (`ref_*`), so
  they are large negative numbers (-30, -400, ...).
- Return `(loss, chosen_reward, rejected_reward)`: `loss` a 0-dim tensor, the rewards (B,)
  tensors. The rewards are for logging: DETACHED from the autograd graph. The loss keeps its
  graph (its gradient trains the policy).
- Numerically stable: with margins in the hundreds, sigmoid underflows to 0 and log(0) = -inf.
  Use a log-sigmoid that can't (F.logsigmoid or softplus: -log sigmoid(z) = softplus(-z)).
- Output dtype and device as the inputs'; nothing is modified in place. No Python loop over the
  batch.

Example:
    >>> loss, cr, rr = dpo_loss(torch.tensor([-10.0, -8.0]), torch.tensor([-12.0, -7.0]),
    ...                         torch.tensor([-11.0, -8.0]), torch.tensor([-11.0, -8.0]))
    >>> loss, cr, rr          # margins cr - rr = [0.2, -0.1]
    (tensor(0.6713), tensor([0.1000, 0.0000]), tensor([-0.1000,  0.1000]))
"""
import torch


def dpo_loss(pi_chosen: torch.Tensor, pi_rejected: torch.Tensor, ref_chosen: torch.Tensor,
             ref_rejected: torch.Tensor, beta: float = 0.1) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: the two implicit rewards, a stable -logsigmoid of their difference averaged over the
    # batch, and the detached rewards (about 4 lines)
    raise NotImplementedError
