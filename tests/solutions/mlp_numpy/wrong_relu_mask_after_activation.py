import numpy as np

EXPECT = {
    'backward: values': "ReLU's gradient not masked: it flows only where z > 0 (note relu(z) >= 0 is always true)",
    'backward: backward matches finite differences of the loss': '',
}


def forward(x, W1, b1, W2, b2):
    h = np.maximum(x @ W1.T + b1, 0)
    return h @ W2.T + b2


def backward(x, y, W1, b1, W2, b2):
    N = x.shape[0]
    h = np.maximum(x @ W1.T + b1, 0)
    logits = h @ W2.T + b2
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    p = p / p.sum(axis=1, keepdims=True)
    p[np.arange(N), y] -= 1
    dlogits = p / N
    dh = dlogits @ W2
    dz = dh * (h >= 0)
    return {"W1": dz.T @ x, "b1": dz.sum(axis=0), "W2": dlogits.T @ h, "b2": dlogits.sum(axis=0)}
