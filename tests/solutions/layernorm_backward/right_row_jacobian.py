import torch


def layernorm_backward(dout, x, gamma, eps=1e-5):
    # dx through each vector's (d, d) Jacobian of xhat: d xhat_i / d x_j = rstd (δ_ij - 1/d - xhat_i xhat_j / d)
    d = x.shape[-1]
    mean = x.mean(-1, keepdim=True)
    rstd = 1 / torch.sqrt(((x - mean) ** 2).mean(-1, keepdim=True) + eps)
    xhat = (x - mean) * rstd
    eye = torch.eye(d, dtype=x.dtype, device=x.device)
    jacobian = rstd[..., None] * (eye - 1 / d - xhat[..., :, None] * xhat[..., None, :] / d)   # (..., d, d)
    dx = torch.einsum("...i,...ij->...j", dout * gamma, jacobian)
    flat = dout.reshape(-1, d)
    return dx, (flat * xhat.reshape(-1, d)).sum(0), flat.sum(0)
