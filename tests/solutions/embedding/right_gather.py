import torch


def embedding(ids, table):
    d = table.shape[1]
    idx = ids.reshape(-1, 1).expand(-1, d)
    return torch.gather(table, 0, idx).reshape(ids.shape + (d,))
