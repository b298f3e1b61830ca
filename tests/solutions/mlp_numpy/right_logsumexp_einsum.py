import numpy as np


def forward(x, W1, b1, W2, b2):
    h = np.einsum("nd,hd->nh", x, W1) + b1
    h[h < 0] = 0
    return np.einsum("nh,ch->nc", h, W2) + b2


def backward(x, y, W1, b1, W2, b2):
    n = len(y)
    pre = np.einsum("nd,hd->nh", x, W1) + b1
    act = pre.clip(min=0)
    out = np.einsum("nh,ch->nc", act, W2) + b2
    m = out.max(axis=-1, keepdims=True)
    log_probs = out - (m + np.log(np.exp(out - m).sum(axis=-1, keepdims=True)))
    g_out = np.exp(log_probs)
    g_out[np.arange(n), y] -= 1.0
    g_out /= n
    g_pre = np.einsum("nc,ch->nh", g_out, W2) * (pre > 0)
    return {
        "W2": np.einsum("nc,nh->ch", g_out, act),
        "b2": g_out.sum(axis=0),
        "W1": np.einsum("nh,nd->hd", g_pre, x),
        "b1": g_pre.sum(axis=0),
    }
