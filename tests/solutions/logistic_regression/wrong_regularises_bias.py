import torch

EXPECT = {
    'loss_and_grad: values': 'the bias is regularised: the L2 penalty is on w only',
    'loss_and_grad: gradients match finite differences of the loss': '',
    'fit: values': 'the bias is regularised: the L2 penalty is on w only',
}


def loss_and_grad(X, y, w, b, l2=0.0):
    N = X.shape[0]
    z = X @ w + b
    loss = (torch.clamp(z, min=0) - y * z + torch.log1p(torch.exp(-z.abs()))).mean()
    loss = loss + 0.5 * l2 * ((w ** 2).sum() + b ** 2)
    r = (torch.sigmoid(z) - y) / N
    return loss, X.T @ r + l2 * w, r.sum() + l2 * b


def fit(X, y, l2=0.0, lr=0.1, steps=100):
    w = torch.zeros(X.shape[1], dtype=X.dtype, device=X.device)
    b = torch.zeros((), dtype=X.dtype, device=X.device)
    for _ in range(steps):
        _, dw, db = loss_and_grad(X, y, w, b, l2)
        w = w - lr * dw
        b = b - lr * db
    return w, b
