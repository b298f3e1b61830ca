import torch

EXPECT = {
    'loss_and_grad: no loop': '',
    'fit: no loop': '',
    'banned calls': '',
}


def loss_and_grad(X, y, w, b, l2=0.0):
    w = w.detach().clone().requires_grad_()
    b = b.detach().clone().requires_grad_()
    z = X @ w + b
    loss = (torch.logaddexp(torch.zeros_like(z), z) - y * z).mean() + 0.5 * l2 * (w * w).sum()
    dw, db = torch.autograd.grad(loss, (w, b))
    return loss.detach(), dw, db


def fit(X, y, l2=0.0, lr=0.1, steps=100):
    w = torch.zeros(X.shape[1], dtype=X.dtype, device=X.device)
    b = torch.zeros((), dtype=X.dtype, device=X.device)
    for _ in range(steps):
        _, dw, db = loss_and_grad(X, y, w, b, l2)
        w, b = w - lr * dw, b - lr * db
    return w, b
