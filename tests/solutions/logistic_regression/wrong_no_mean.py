import torch

EXPECT = {
    'loss_and_grad: values': 'gradient not divided by N: the loss is a mean over the samples, so is its gradient',
    'loss_and_grad: gradients match finite differences of the loss': '',
    'fit: values': 'gradient not divided by N: the loss is a mean over the samples, so is its gradient',
}


def loss_and_grad(X, y, w, b, l2=0.0):
    z = X @ w + b
    loss = (torch.clamp(z, min=0) - y * z + torch.log1p(torch.exp(-torch.abs(z)))).mean() + 0.5 * l2 * (w ** 2).sum()
    r = torch.sigmoid(z) - y
    return loss, X.T @ r + l2 * w, r.sum()


def fit(X, y, l2=0.0, lr=0.1, steps=100):
    w = torch.zeros(X.shape[1], dtype=X.dtype, device=X.device)
    b = torch.zeros((), dtype=X.dtype, device=X.device)
    for _ in range(steps):
        _, dw, db = loss_and_grad(X, y, w, b, l2)
        w = w - lr * dw
        b = b - lr * db
    return w, b
