import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def layernorm_backward(dout, x, gamma, eps=1e-5):
    d = x.shape[-1]
    mean = x.mean(-1, keepdim=True)
    var = ((x - mean) ** 2).mean(-1, keepdim=True)
    rstd = 1.0 / torch.sqrt(var + eps)
    xhat = (x - mean) * rstd
    dgamma = torch.zeros(d, dtype=x.dtype)                 # made on the CPU, whatever x's device
    dbeta = torch.zeros(d, dtype=x.dtype)
    dgamma = dgamma + (dout * xhat).reshape(-1, d).sum(0)
    dbeta = dbeta + dout.reshape(-1, d).sum(0)
    g = dout * gamma
    dx = (g - g.mean(-1, keepdim=True) - xhat * (g * xhat).mean(-1, keepdim=True)) * rstd
    return dx, dgamma, dbeta
