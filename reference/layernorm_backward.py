import torch


def layernorm_backward(dout: torch.Tensor, x: torch.Tensor, gamma: torch.Tensor,
                       eps: float = 1e-5) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    d = x.shape[-1]
    mean = x.mean(-1, keepdim=True)
    var = (x - mean).pow(2).mean(-1, keepdim=True)             # biased, as in the forward
    rstd = torch.rsqrt(var + eps)
    xhat = (x - mean) * rstd
    dgamma = (dout * xhat).reshape(-1, d).sum(0)               # every vector of the batch adds to it
    dbeta = dout.reshape(-1, d).sum(0)
    g = dout * gamma                                            # dL/dxhat
    # through xhat itself, through the mean, and through the variance
    dx = (g - g.mean(-1, keepdim=True) - xhat * (g * xhat).mean(-1, keepdim=True)) * rstd
    return dx, dgamma, dbeta
