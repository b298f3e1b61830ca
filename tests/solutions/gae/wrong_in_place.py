import torch

EXPECT = {
    'inputs unchanged': 'an input modified in place: work on new tensors',
}


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = rewards.shape[1]
    not_done = (~dones).to(rewards.dtype)
    last = torch.zeros_like(rewards[:, 0])
    for t in reversed(range(T)):
        delta = rewards[:, t] + gamma * values[:, t + 1] * not_done[:, t] - values[:, t]
        last = delta + gamma * lam * not_done[:, t] * last
        rewards[:, t] = last                        # reuses the rewards' memory for the advantages
    return rewards, rewards + values[:, :-1]
