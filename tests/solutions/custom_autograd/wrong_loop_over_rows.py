import torch

EXPECT = {
    'no loop': '',
}


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        rows = x.reshape(-1, x.shape[-1])
        out = torch.stack([r.max() + (r - r.max()).exp().sum().log() for r in rows]).reshape(x.shape[:-1])
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        x, out = ctx.saved_tensors
        return grad_out.unsqueeze(-1) * (x - out.unsqueeze(-1)).exp()


def logsumexp(x):
    return LogSumExp.apply(x)
