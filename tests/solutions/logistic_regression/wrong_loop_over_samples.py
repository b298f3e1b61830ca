import torch

EXPECT = {
    'loss_and_grad: no loop': '',
}


def loss_and_grad(X, y, w, b, l2=0.0):
    N = X.shape[0]
    loss = 0.5 * l2 * (w * w).sum()
    dw, db = l2 * w, torch.zeros_like(b)
    for i in range(N):
        z = X[i] @ w + b
        loss = loss + (z.clamp(min=0) - y[i] * z + torch.log1p(torch.exp(-z.abs()))) / N
        g = (torch.sigmoid(z) - y[i]) / N
        dw = dw + g * X[i]
        db = db + g
    return loss, dw, db


def fit(X, y, l2=0.0, lr=0.1, steps=100):
    N, D = X.shape
    w = torch.zeros(D, dtype=X.dtype, device=X.device)
    b = torch.zeros((), dtype=X.dtype, device=X.device)
    for _ in range(steps):
        g = (torch.sigmoid(X @ w + b) - y) / N
        w, b = w - lr * (X.T @ g + l2 * w), b - lr * g.sum()
    return w, b
