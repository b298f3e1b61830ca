import torch


def gae(rewards, values, dones, gamma=0.99, lam=0.95):
    # time-major, as CleanRL's PPO keeps its buffers: (T, B)
    r, v, d = rewards.T, values.T, dones.T.float().to(rewards.dtype)
    T = r.shape[0]
    advantages = torch.zeros_like(r)
    lastgaelam = 0
    for t in reversed(range(T)):
        nextnonterminal = 1.0 - d[t]
        nextvalues = v[t + 1]
        delta = r[t] + gamma * nextvalues * nextnonterminal - v[t]
        advantages[t] = lastgaelam = delta + gamma * lam * nextnonterminal * lastgaelam
    returns = advantages + v[:-1]
    return advantages.T.contiguous(), returns.T.contiguous()
