import torch
import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def linear_softmax_ce_backward(x, W, b, target):
    x, W, b = (t.detach().clone().requires_grad_() for t in (x, W, b))
    with torch.enable_grad():
        F.cross_entropy(x @ W.T + b, target).backward()
    return W.grad, b.grad, x.grad
