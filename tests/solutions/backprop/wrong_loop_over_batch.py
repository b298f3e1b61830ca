import torch

EXPECT = {
    'no loop': '',
}


def linear_softmax_ce_backward(x, W, b, target):
    N = x.shape[0]
    dW, db, dx = torch.zeros_like(W), torch.zeros_like(b), torch.zeros_like(x)
    for i in range(N):
        z = W @ x[i] + b
        p = torch.exp(z - z.max())
        p = p / p.sum()
        p[target[i]] -= 1
        p = p / N
        dW += torch.outer(p, x[i])
        db += p
        dx[i] = p @ W
    return dW, db, dx
