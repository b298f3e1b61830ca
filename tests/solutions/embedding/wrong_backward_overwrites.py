import torch

EXPECT = {"check": "repeated ids accumulate gradients", "mistake": "sum of their gradients"}


class Lookup(torch.autograd.Function):
    @staticmethod
    def forward(ctx, ids, table):
        ctx.save_for_backward(ids)
        ctx.table_shape = table.shape
        return table[ids]

    @staticmethod
    def backward(ctx, grad_out):
        ids, = ctx.saved_tensors
        grad_table = grad_out.new_zeros(ctx.table_shape)
        grad_table[ids] = grad_out          # scatter the gradient back to the rows
        return None, grad_table


def embedding(ids, table):
    return Lookup.apply(ids, table)
