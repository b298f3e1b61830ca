import torch

EXPECT = {
    'inputs unchanged': 'x centred in place (x -= mean): work on new tensors',
}


def layernorm_backward(dout, x, gamma, eps=1e-5):
    d = x.shape[-1]
    x -= x.mean(-1, keepdim=True)           # centres the caller's x
    rstd = 1 / torch.sqrt((x ** 2).mean(-1, keepdim=True) + eps)
    xhat = x * rstd
    dgamma = (dout * xhat).reshape(-1, d).sum(0)
    dbeta = dout.reshape(-1, d).sum(0)
    g = dout * gamma
    dx = (g - g.mean(-1, keepdim=True) - xhat * (g * xhat).mean(-1, keepdim=True)) * rstd
    return dx, dgamma, dbeta
