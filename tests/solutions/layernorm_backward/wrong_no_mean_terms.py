import torch

EXPECT = {
    'values': 'dx with mean and variance treated as constants: dx = g / sqrt(var + eps) misses both their paths',
    'dx sums to 0 over each vector': '',
    'gradients match finite differences of F.layer_norm': '',
}


def layernorm_backward(dout, x, gamma, eps=1e-5):
    d = x.shape[-1]
    mean = x.mean(-1, keepdim=True)
    var = ((x - mean) ** 2).mean(-1, keepdim=True)
    std = torch.sqrt(var + eps)
    xhat = (x - mean) / std
    dgamma = (dout * xhat).reshape(-1, d).sum(0)
    dbeta = dout.reshape(-1, d).sum(0)
    dx = dout * gamma / std                 # as if mean and var were constants
    return dx, dgamma, dbeta
