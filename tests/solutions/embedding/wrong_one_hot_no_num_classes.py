import torch.nn.functional as F

EXPECT = {"check": "runs", "mistake": "num_classes"}


def embedding(ids, table):
    return F.one_hot(ids).to(table.dtype) @ table
