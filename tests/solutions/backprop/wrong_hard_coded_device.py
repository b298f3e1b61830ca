import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def linear_softmax_ce_backward(x, W, b, target):
    N, C = x.shape[0], W.shape[0]
    logits = x @ W.T + b
    p = torch.exp(logits - logits.max(-1, keepdim=True).values)
    p = p / p.sum(-1, keepdim=True)
    y = torch.zeros(N, C).scatter_(1, target.unsqueeze(1), 1.0)
    d = (p - y) / N
    return d.T @ x, d.sum(0), d @ W
