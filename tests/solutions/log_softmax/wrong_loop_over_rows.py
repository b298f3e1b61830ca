import torch

EXPECT = {
    'no loop': '',
}


def log_softmax(x, dim=-1):
    x = x.movedim(dim, -1)
    rows = x.reshape(-1, x.shape[-1])
    out = torch.empty_like(rows)
    for i in range(rows.shape[0]):
        z = rows[i] - rows[i].max()
        out[i] = z - z.exp().sum().log()
    return out.reshape(x.shape).movedim(-1, dim)
