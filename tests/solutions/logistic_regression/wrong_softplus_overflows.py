import torch

EXPECT = {
    'loss_and_grad: extreme inputs': 'unstable log-sigmoid: log(sigmoid(z)) or log(1 + exp(z)) gives inf or NaN for large |z|; use max(z, 0) - y z + log1p(exp(-|z|))',
}


def loss_and_grad(X, y, w, b, l2=0.0):
    N = X.shape[0]
    z = X @ w + b
    loss = torch.mean(torch.log(1 + torch.exp(z)) - y * z) + l2 / 2 * w.dot(w)
    g = (torch.sigmoid(z) - y) / N
    return loss, X.T @ g + l2 * w, g.sum()


def fit(X, y, l2=0.0, lr=0.1, steps=100):
    w = torch.zeros(X.shape[1], dtype=X.dtype, device=X.device)
    b = torch.zeros((), dtype=X.dtype, device=X.device)
    for _ in range(steps):
        _, dw, db = loss_and_grad(X, y, w, b, l2)
        w, b = w - lr * dw, b - lr * db
    return w, b
