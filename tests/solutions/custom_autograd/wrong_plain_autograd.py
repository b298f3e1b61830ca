import torch

EXPECT = {
    'goes through LogSumExp': '',
}


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        m = x.amax(-1, keepdim=True)
        out = (m + (x - m).exp().sum(-1, keepdim=True).log()).squeeze(-1)
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        x, out = ctx.saved_tensors
        return grad_out.unsqueeze(-1) * (x - out.unsqueeze(-1)).exp()


def logsumexp(x):
    m = x.amax(-1, keepdim=True).detach()           # autograd differentiates this itself
    return (m + (x - m).exp().sum(-1, keepdim=True).log()).squeeze(-1)
