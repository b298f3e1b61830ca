import torch

EXPECT = {
    'gradients': "the max saved instead of the result: backward's exp(x - m) is not normalised; softmax is exp(x - out)",
    'gradcheck': '',
    'gradgradcheck (double backward)': '',
}


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        m = x.amax(-1, keepdim=True)
        ctx.save_for_backward(x, m)                 # the max, not the result
        return (m + (x - m).exp().sum(-1, keepdim=True).log()).squeeze(-1)

    @staticmethod
    def backward(ctx, grad_out):
        x, m = ctx.saved_tensors
        return grad_out.unsqueeze(-1) * (x - m).exp()


def logsumexp(x):
    return LogSumExp.apply(x)
