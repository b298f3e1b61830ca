import torch

EXPECT = {
    'no loop': '',
}


def embedding(ids, table):
    rows = [table[i] for i in ids.reshape(-1).tolist()]
    return torch.stack(rows).reshape(*ids.shape, table.shape[1])
