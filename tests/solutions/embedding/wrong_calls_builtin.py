import torch.nn.functional as F

EXPECT = {"check": "banned calls"}


def embedding(ids, table):
    return F.embedding(ids, table)
