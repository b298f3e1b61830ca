import numpy as np

EXPECT = {
    'backward: no loop': '',
}


def forward(x, W1, b1, W2, b2):
    return np.maximum(x @ W1.T + b1, 0) @ W2.T + b2


def backward(x, y, W1, b1, W2, b2):
    N = x.shape[0]
    grads = {"W1": np.zeros_like(W1), "b1": np.zeros_like(b1), "W2": np.zeros_like(W2), "b2": np.zeros_like(b2)}
    for i in range(N):
        z = W1 @ x[i] + b1
        h = np.maximum(z, 0)
        s = W2 @ h + b2
        p = np.exp(s - s.max())
        p /= p.sum()
        p[y[i]] -= 1
        p /= N
        dz = (W2.T @ p) * (z > 0)
        grads["W2"] += np.outer(p, h)
        grads["b2"] += p
        grads["W1"] += np.outer(dz, x[i])
        grads["b1"] += dz
    return grads
