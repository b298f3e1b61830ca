import torch

EXPECT = {
    'fit: device (emulated)': 'tensor created on a hard-coded device',
}


def loss_and_grad(X, y, w, b, l2=0.0):
    N = X.shape[0]
    z = X @ w + b
    loss = (z.clamp(min=0) - y * z + torch.log1p(torch.exp(-z.abs()))).mean() + 0.5 * l2 * (w * w).sum()
    g = (torch.sigmoid(z) - y) / N
    return loss, X.T @ g + l2 * w, g.sum()


def fit(X, y, l2=0.0, lr=0.1, steps=100):
    w = torch.zeros(X.shape[1], dtype=X.dtype)
    b = torch.zeros((), dtype=X.dtype)
    for _ in range(steps):
        _, dw, db = loss_and_grad(X, y, w, b, l2)
        w, b = w - lr * dw, b - lr * db
    return w, b
