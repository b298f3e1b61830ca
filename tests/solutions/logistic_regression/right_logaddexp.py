import torch


def loss_and_grad(X, y, w, b, l2=0.0):
    n = len(y)
    logits = X @ w + b
    zero = torch.zeros_like(logits)
    # -log p(y | x) = log(1 + e^z) - y z, with log(1 + e^z) = logaddexp(0, z)
    loss = torch.sum(torch.logaddexp(zero, logits) - y * logits) / n + l2 / 2 * torch.dot(w, w)
    residual = torch.sigmoid(logits) - y
    grad_w = residual @ X / n + l2 * w
    grad_b = residual.mean()
    return loss, grad_w, grad_b


def fit(X, y, l2=0.0, lr=0.1, steps=100):
    w = torch.zeros_like(X[0])
    b = torch.zeros_like(X[0, 0])
    for _ in range(steps):
        _, gw, gb = loss_and_grad(X, y, w, b, l2)
        w, b = w - lr * gw, b - lr * gb
    return w, b
