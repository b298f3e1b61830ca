import torch


def gae(rewards: torch.Tensor, values: torch.Tensor, dones: torch.Tensor, gamma: float = 0.99,
        lam: float = 0.95) -> tuple[torch.Tensor, torch.Tensor]:
    T = rewards.shape[1]
    not_done = (~dones).to(rewards.dtype)                # 0 where the episode ended with step t
    advantages = torch.zeros_like(rewards)               # (B, T)
    last = torch.zeros_like(rewards[:, 0])               # A_{t+1} of every trajectory, 0 past the rollout
    for t in reversed(range(T)):                         # the recursion runs backwards in time
        delta = rewards[:, t] + gamma * values[:, t + 1] * not_done[:, t] - values[:, t]
        last = delta + gamma * lam * not_done[:, t] * last     # a done cuts off the next episode's A
        advantages[:, t] = last
    return advantages, advantages + values[:, :-1]
