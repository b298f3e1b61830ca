import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def embedding(ids, table):
    one_hot = torch.zeros(*ids.shape, table.shape[0], dtype=table.dtype)    # (..., V)
    one_hot.scatter_(-1, ids.unsqueeze(-1), 1.0)
    return one_hot @ table
