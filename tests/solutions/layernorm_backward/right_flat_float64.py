import torch


def layernorm_backward(dout, x, gamma, eps=1e-5):
    shape, d = x.shape, x.shape[-1]
    X, G = x.reshape(-1, d).double(), dout.reshape(-1, d).double()     # (N, d)
    var, mean = torch.var_mean(X, dim=1, keepdim=True, correction=0)
    rstd = (var + eps).rsqrt()
    xhat = (X - mean) * rstd
    dgamma = torch.einsum("nd,nd->d", G, xhat)
    dbeta = G.sum(0)
    g = G * gamma.double()
    dx = rstd / d * (d * g - g.sum(1, keepdim=True) - xhat * torch.einsum("nd,nd->n", g, xhat)[:, None])
    return dx.reshape(shape).to(x.dtype), dgamma.to(x.dtype), dbeta.to(x.dtype)
