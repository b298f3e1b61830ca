import numpy as np
import torch

EXPECT = {
    'banned calls': '',
}


def forward(x, W1, b1, W2, b2):
    return np.maximum(x @ W1.T + b1, 0) @ W2.T + b2


def backward(x, y, W1, b1, W2, b2):
    N = x.shape[0]
    z = x @ W1.T + b1
    h = np.maximum(z, 0)
    p = torch.softmax(torch.from_numpy(h @ W2.T + b2), dim=1).numpy()
    p[np.arange(N), y] -= 1
    d = p / N
    dz = (d @ W2) * (z > 0)
    return {"W1": dz.T @ x, "b1": dz.sum(0), "W2": d.T @ h, "b2": d.sum(0)}
