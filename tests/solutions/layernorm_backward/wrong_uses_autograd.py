import torch
import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def layernorm_backward(dout, x, gamma, eps=1e-5):
    x, gamma = x.detach().requires_grad_(), gamma.detach().requires_grad_()
    beta = torch.zeros_like(gamma, requires_grad=True)
    with torch.enable_grad():
        y = F.layer_norm(x, (x.shape[-1],), gamma, beta, eps)
        return torch.autograd.grad(y, (x, gamma, beta), dout)
