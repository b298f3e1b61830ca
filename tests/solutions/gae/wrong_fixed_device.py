import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    B, T = rewards.shape
    not_done = (~dones).to(rewards.dtype)
    advantages = torch.zeros(B, T, dtype=rewards.dtype)          # made on the CPU whatever the input's device
    last = torch.zeros(B, dtype=rewards.dtype)
    for t in reversed(range(T)):
        delta = rewards[:, t] + gamma * values[:, t + 1] * not_done[:, t] - values[:, t]
        last = delta + gamma * lam * not_done[:, t] * last
        advantages[:, t] = last
    return advantages, advantages + values[:, :-1]
