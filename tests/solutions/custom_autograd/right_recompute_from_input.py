import torch


class LogSumExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        m = x.max(dim=-1, keepdim=True).values
        return torch.log(torch.sum(torch.exp(x - m), dim=-1)) + m.squeeze(-1)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        # a stable softmax again, from the saved input: every op is differentiable
        e = torch.exp(x - x.max(dim=-1, keepdim=True).values)
        return grad_out[..., None] * e / e.sum(dim=-1, keepdim=True)


def logsumexp(x):
    return LogSumExp.apply(x)
