import torch.nn.functional as F

EXPECT = {
    'runs': 'one_hot without num_classes=V (its width is max(ids) + 1, not V)',
}


def embedding(ids, table):
    return F.one_hot(ids).to(table.dtype) @ table
