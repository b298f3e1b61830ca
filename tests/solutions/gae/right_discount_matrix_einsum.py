import torch


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    # no loop: A_t = sum over s >= t of (γλ)^(s - t) δ_s, as long as no done falls in t..s-1:
    # one (T, T) discount matrix, masked per trajectory, contracted with the TD errors by one einsum
    B, T = rewards.shape
    not_done = (~dones).to(rewards.dtype)
    delta = rewards + gamma * values[:, 1:] * not_done - values[:, :-1]             # (B, T)
    t = torch.arange(T, device=rewards.device)
    power = (t[None, :] - t[:, None]).clamp(min=0).to(rewards.dtype)
    discount = torch.triu((gamma * lam) ** power)                                  # (T, T), zero below
    before = torch.cumsum(dones.to(torch.int64), 1) - dones.to(torch.int64)        # dones before each step
    alive = (before[:, None, :] - before[:, :, None]) == 0                         # (B, t, s): none in t..s-1
    advantages = torch.einsum("ts,bts,bs->bt", discount, alive.to(rewards.dtype), delta)
    return advantages, advantages + values[:, :-1]
