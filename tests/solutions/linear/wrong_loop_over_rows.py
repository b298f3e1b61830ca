import torch

EXPECT = {
    'no loop': '',
}


def linear(x, weight, bias=None):
    rows = x.reshape(-1, x.shape[-1])
    if rows.shape[0] == 0:                          # an empty batch: nothing to loop over
        return x @ weight.T if bias is None else x @ weight.T + bias
    out = []
    for r in rows:
        y = weight @ r
        out.append(y if bias is None else y + bias)
    return torch.stack(out).reshape(*x.shape[:-1], weight.shape[0])
