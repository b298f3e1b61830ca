import numpy as np

EXPECT = {
    'backward: values': 'forgot the 1/N of the mean (that is the gradient of the summed loss)',
    'backward: backward matches finite differences of the loss': '',
}


def forward(x, W1, b1, W2, b2):
    return np.maximum(0, x @ W1.T + b1) @ W2.T + b2


def backward(x, y, W1, b1, W2, b2):
    z1 = x @ W1.T + b1
    a1 = np.maximum(0, z1)
    scores = a1 @ W2.T + b2
    scores = scores - scores.max(axis=1, keepdims=True)
    probs = np.exp(scores)
    probs /= probs.sum(axis=1, keepdims=True)
    dscores = probs.copy()
    dscores[np.arange(len(y)), y] -= 1
    da1 = dscores @ W2
    dz1 = da1 * (z1 > 0)
    return {"W1": dz1.T @ x, "b1": dz1.sum(0), "W2": dscores.T @ a1, "b2": dscores.sum(0)}
