import numpy as np


def relu(a):
    return np.where(a > 0, a, 0.0)


def forward(x, W1, b1, W2, b2):
    cache = _forward(x, W1, b1, W2, b2)
    return cache["scores"]


def _forward(x, W1, b1, W2, b2):
    z1 = x.dot(W1.T) + b1
    a1 = relu(z1)
    return {"z1": z1, "a1": a1, "scores": a1.dot(W2.T) + b2}


def backward(x, y, W1, b1, W2, b2):
    N, C = x.shape[0], W2.shape[0]
    c = _forward(x, W1, b1, W2, b2)
    s = c["scores"] - np.max(c["scores"], axis=1, keepdims=True)
    probs = np.exp(s) / np.sum(np.exp(s), axis=1, keepdims=True)
    dscores = (probs - np.eye(C)[y]) / N
    grads = {"W2": dscores.T.dot(c["a1"]), "b2": np.sum(dscores, axis=0)}
    da1 = dscores.dot(W2)
    dz1 = np.where(c["z1"] > 0, da1, 0.0)
    grads["W1"] = dz1.T.dot(x)
    grads["b1"] = np.ones(N).dot(dz1)
    return grads
