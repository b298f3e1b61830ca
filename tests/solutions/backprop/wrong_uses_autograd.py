import torch
import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def linear_softmax_ce_backward(x, W, b, target):
    x, W, b = (t.detach().requires_grad_() for t in (x, W, b))
    with torch.enable_grad():
        loss = F.cross_entropy(x @ W.T + b, target)
        dW, db, dx = torch.autograd.grad(loss, (W, b, x))
    return dW, db, dx
