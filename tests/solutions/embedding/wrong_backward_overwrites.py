import torch

EXPECT = {
    'gradients': 'wrong gradient into the table: a row used by several positions must receive the sum of their gradients (index_add_ / scatter-add, not assignment)',
}


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
