import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        m = x.amax(-1, keepdim=True)
        m = torch.where(m.isfinite(), m, torch.zeros(m.shape, dtype=x.dtype))    # guard rows of -inf; on the CPU
        out = (m + (x - m).exp().sum(-1, keepdim=True).log()).squeeze(-1)
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        x, out = ctx.saved_tensors
        return grad_out.unsqueeze(-1) * (x - out.unsqueeze(-1)).exp()


def logsumexp(x):
    return LogSumExp.apply(x)
