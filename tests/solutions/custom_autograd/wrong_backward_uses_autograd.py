import torch

EXPECT = {
    'backward without autograd': 'LogSumExp.backward calls autograd on a recomputed forward: write the gradient from the saved tensors, grad_out * exp(x - out)',
    'gradgradcheck (double backward)': "backward not differentiable (double backward fails): compute it with torch operations on tensors saved from forward's INPUTS and OUTPUTS (a saved intermediate, such as the softmax, is a constant to autograd), without .detach(), torch.no_grad() or @once_differentiable",
}


def stable_lse(x):
    m = x.amax(-1, keepdim=True)
    return (m + (x - m).exp().sum(-1, keepdim=True).log()).squeeze(-1)


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return stable_lse(x)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        with torch.enable_grad():                   # let autograd do the calculus
            leaf = x.detach().requires_grad_()
            (grad,) = torch.autograd.grad(stable_lse(leaf), leaf, grad_out)
        return grad


def logsumexp(x):
    return LogSumExp.apply(x)
