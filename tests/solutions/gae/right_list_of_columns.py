import torch


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    # collect the columns in a list (no writes into a preallocated tensor), then stack
    T = rewards.shape[1]
    running = torch.zeros_like(values[:, -1])
    columns = []
    for t in range(T - 1, -1, -1):
        keep = torch.where(dones[:, t], torch.zeros_like(running), torch.ones_like(running))
        td = rewards[:, t] + gamma * keep * values[:, t + 1] - values[:, t]
        running = td + gamma * lam * keep * running
        columns.append(running)
    advantages = torch.stack(columns[::-1], dim=1)
    return advantages, advantages + values[:, :T]
