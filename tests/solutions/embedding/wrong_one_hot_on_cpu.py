import torch

EXPECT = {"check": "device (emulated)"}


def embedding(ids, table):
    one_hot = torch.zeros(*ids.shape, table.shape[0])          # (..., V)
    one_hot.scatter_(-1, ids.unsqueeze(-1), 1.0)
    return one_hot @ table
