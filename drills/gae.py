"""Generalised advantage estimation (GAE) 广义优势估计

Write `gae(rewards, values, dones, gamma=0.99, lam=0.95)`: the advantages and returns of GAE
(Schulman et al. 2016), as PPO computes them for a batch of rollouts. B environments each ran T
steps; an episode may end anywhere inside a rollout (the environment then resets and a new episode
goes on in the same row), and a rollout may stop in the middle of an episode:

    δ_t = r_t + γ · V_{t+1} · (1 - done_t) - V_t                    TD error of step t
    A_t = δ_t + γ · λ · (1 - done_t) · A_{t+1},   with A_T = 0      run backwards from t = T - 1
    returns_t = A_t + V_t                                            the value targets (λ-returns)

- `rewards`: float (B, T), the reward of step t. `dones`: bool (B, T), True when the episode
  ENDED with step t: the state after it is terminal, so nothing is bootstrapped past it and the
  recursion restarts (A_{t+1} belongs to another episode).
- `values`: float (B, T + 1), the critic's V(s_t) for the T states the steps started from, PLUS
  values[:, T], the value of the state after the last step: a rollout cut off mid-episode
  bootstraps from it. After a done, values[:, t + 1] is the first state of the NEXT episode and
  must not be used for step t.
- `gamma` is the discount γ, `lam` the GAE λ (λ = 0: one-step TD errors; λ = 1: discounted
  returns minus V).
- Return `(advantages, returns)`, both (B, T) with `rewards`' dtype and device. They are targets:
  computed without autograd (no gradient is graded). Inputs are not modified.
- The recursion is sequential in time, so a Python loop over the T steps (backwards) is expected;
  the B trajectories are processed together: no Python loop over the batch.

Example:
    >>> rewards = torch.tensor([[1.0, 0.0, 2.0]])
    >>> values = torch.tensor([[0.5, 1.0, 0.0, 3.0]])      # values[:, 3] = 3.0 bootstraps step 2
    >>> dones = torch.tensor([[False, True, False]])         # the first episode ends with step 1
    >>> gae(rewards, values, dones, gamma=0.5, lam=0.8)
    (tensor([[ 0.6000, -1.0000,  3.5000]]), tensor([[1.1000, 0.0000, 3.5000]]))
    # δ = [1 + 0.5·1.0 - 0.5, 0 - 1.0 (done: no bootstrap), 2 + 0.5·3.0 - 0] = [1.0, -1.0, 3.5]
    # A_2 = 3.5; A_1 = -1.0 (done: the recursion restarts); A_0 = 1.0 + 0.5·0.8·(-1.0) = 0.6
"""
import torch


def gae(rewards: torch.Tensor, values: torch.Tensor, dones: torch.Tensor, gamma: float = 0.99,
        lam: float = 0.95) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: a backwards loop over the T steps, all trajectories at once: the TD error, the running
    # advantage masked at dones; then the returns (about 9 lines)
    raise NotImplementedError
