import torch

EXPECT = {
    'values': "one max for the whole tensor instead of each row's: a row far below it underflows to log(0) = -inf",
}


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        m = x.max()                                 # one max for every row
        out = m + (x - m).exp().sum(-1).log()
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        x, out = ctx.saved_tensors
        return grad_out.unsqueeze(-1) * (x - out.unsqueeze(-1)).exp()


def logsumexp(x):
    return LogSumExp.apply(x)
