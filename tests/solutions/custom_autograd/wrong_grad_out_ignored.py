import torch

EXPECT = {
    'gradients': 'grad_out ignored: backward returns softmax(x) alone, which is only right when L = out.sum()',
    'gradcheck': '',
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
        return (x - out.unsqueeze(-1)).exp()        # d out / d x, but not times grad_out


def logsumexp(x):
    return LogSumExp.apply(x)
