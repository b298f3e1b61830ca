import torch
from torch.autograd.function import once_differentiable

EXPECT = {
    'gradgradcheck (double backward)': "backward not differentiable (double backward fails): compute it with torch operations on tensors saved from forward's INPUTS and OUTPUTS (a saved intermediate, such as the softmax, is a constant to autograd), without .detach(), torch.no_grad() or @once_differentiable",
}


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        m = x.amax(-1, keepdim=True)
        out = (m + (x - m).exp().sum(-1, keepdim=True).log()).squeeze(-1)
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        x, out = ctx.saved_tensors
        return grad_out.unsqueeze(-1) * (x - out.unsqueeze(-1)).exp()


def logsumexp(x):
    return LogSumExp.apply(x)
