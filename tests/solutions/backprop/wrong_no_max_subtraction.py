import torch

EXPECT = {
    'values': 'softmax without subtracting the max (exp overflows)',
}


def linear_softmax_ce_backward(x, W, b, target):
    N = x.shape[0]
    e = torch.exp(x @ W.T + b)
    p = e / e.sum(-1, keepdim=True)
    p[torch.arange(N, device=x.device), target] -= 1
    p = p / N
    return p.T @ x, p.sum(0), p @ W
