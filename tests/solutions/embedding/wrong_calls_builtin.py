import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def embedding(ids, table):
    return F.embedding(ids, table)
