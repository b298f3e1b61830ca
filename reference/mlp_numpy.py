import numpy as np


def forward(x: np.ndarray, W1: np.ndarray, b1: np.ndarray, W2: np.ndarray, b2: np.ndarray) -> np.ndarray:
    h = np.maximum(x @ W1.T + b1, 0.0)          # (N, H)
    return h @ W2.T + b2                        # (N, C) logits


def backward(x: np.ndarray, y: np.ndarray, W1: np.ndarray, b1: np.ndarray, W2: np.ndarray,
             b2: np.ndarray) -> dict[str, np.ndarray]:
    N = x.shape[0]
    z = x @ W1.T + b1                           # (N, H) pre-activations: the ReLU mask needs them
    h = np.maximum(z, 0.0)
    logits = h @ W2.T + b2                      # (N, C)
    p = np.exp(logits - logits.max(axis=1, keepdims=True))   # shift by the row max: exp can't overflow
    p /= p.sum(axis=1, keepdims=True)
    p[np.arange(N), y] -= 1.0                   # d CE / d logits = softmax - one_hot ...
    dlogits = p / N                             # ... over N, as the loss is a mean
    dz = (dlogits @ W2) * (z > 0)               # (N, H): the gradient flows only through active units
    return {"W1": dz.T @ x, "b1": dz.sum(axis=0), "W2": dlogits.T @ h, "b2": dlogits.sum(axis=0)}
