import numpy as np

EXPECT = {
    'backward: values': "weight gradients transposed: dW has W's shape (out, in), dW = doutᵀ @ inp",
    'backward: backward matches finite differences of the loss': '',
}


def forward(x, W1, b1, W2, b2):
    return np.maximum(x @ W1.T + b1, 0) @ W2.T + b2


def backward(x, y, W1, b1, W2, b2):
    N = x.shape[0]
    z = x @ W1.T + b1
    h = np.maximum(z, 0)
    s = h @ W2.T + b2
    p = np.exp(s - s.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    p[np.arange(N), y] -= 1
    p /= N
    dz = (p @ W2) * (z > 0)
    return {"W1": x.T @ dz, "b1": dz.sum(0), "W2": h.T @ p, "b2": p.sum(0)}
