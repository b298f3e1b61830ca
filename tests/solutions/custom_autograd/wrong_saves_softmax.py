import torch

EXPECT = {
    'gradgradcheck (double backward)': "backward not differentiable (double backward fails): compute it with torch operations on tensors saved from forward's INPUTS and OUTPUTS (a saved intermediate, such as the softmax, is a constant to autograd), without .detach(), torch.no_grad() or @once_differentiable",
}


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        m = x.amax(-1, keepdim=True)
        e = (x - m).exp()
        s = e.sum(-1, keepdim=True)
        ctx.save_for_backward(e / s)                # an intermediate: a constant to double backward
        return (m + s.log()).squeeze(-1)

    @staticmethod
    def backward(ctx, grad_out):
        (p,) = ctx.saved_tensors
        return grad_out.unsqueeze(-1) * p


def logsumexp(x):
    return LogSumExp.apply(x)
