import torch


def layernorm_backward(dout, x, gamma, eps=1e-5):
    # the forward's graph, one node at a time, then back through it node by node
    d = x.shape[-1]
    mu = x.mean(dim=-1, keepdim=True)
    xmu = x - mu
    var = (xmu ** 2).mean(dim=-1, keepdim=True)
    ivar = 1.0 / torch.sqrt(var + eps)
    xhat = xmu * ivar

    dbeta = dout.reshape(-1, d).sum(dim=0)
    dgamma = (dout * xhat).reshape(-1, d).sum(dim=0)

    dxhat = dout * gamma
    dvar = (dxhat * xmu).sum(dim=-1, keepdim=True) * -0.5 * ivar ** 3
    dmu = -(dxhat * ivar).sum(dim=-1, keepdim=True) + dvar * (-2.0 * xmu).mean(dim=-1, keepdim=True)
    dx = dxhat * ivar + dvar * 2.0 * xmu / d + dmu / d
    return dx, dgamma, dbeta
