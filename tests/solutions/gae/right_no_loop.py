import torch


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    # no loop at all: A_t = sum over s >= t in t's episode of (γλ)^(s - t) δ_s, as a (B, T, T) weighting
    B, T = rewards.shape
    d = dones.to(rewards.dtype)
    delta = rewards + gamma * values[:, 1:] * (1 - d) - values[:, :-1]
    before = torch.cumsum(d, 1) - d                          # dones strictly before each step
    same_episode = before[:, None, :] == before[:, :, None]  # (B, t, s): no done in t..s-1
    steps = torch.arange(T, device=rewards.device)
    gap = steps[None, :] - steps[:, None]                    # s - t
    weights = (gamma * lam) ** gap.clamp(min=0).to(rewards.dtype) * (gap >= 0) * same_episode
    advantages = (weights * delta[:, None, :]).sum(-1)
    return advantages, advantages + values[:, :-1]
