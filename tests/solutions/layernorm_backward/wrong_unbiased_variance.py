import torch

EXPECT = {
    'values': "unbiased variance (divided by d - 1, torch.var's default): LayerNorm uses the biased one",
    'gradients match finite differences of F.layer_norm': '',
}


def layernorm_backward(dout, x, gamma, eps=1e-5):
    d = x.shape[-1]
    mean = x.mean(-1, keepdim=True)
    var = x.var(-1, keepdim=True)           # torch.var divides by d - 1 by default
    rstd = 1 / torch.sqrt(var + eps)
    xhat = (x - mean) * rstd
    dgamma = (dout * xhat).reshape(-1, d).sum(0)
    dbeta = dout.reshape(-1, d).sum(0)
    g = dout * gamma
    dx = (g - g.mean(-1, keepdim=True) - xhat * (g * xhat).mean(-1, keepdim=True)) * rstd
    return dx, dgamma, dbeta
