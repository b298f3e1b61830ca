import torch

EXPECT = {
    'selective_scan_chunked: values': 'state not carried across chunks: each chunk starts from the state the previous one ended with',
}


def selective_scan(x, delta, A, B, C):
    batch, L, D = x.shape
    dA = torch.exp(delta.unsqueeze(-1) * A)                          # (batch, L, D, N)
    dBx = delta.unsqueeze(-1) * B.unsqueeze(2) * x.unsqueeze(-1)     # (batch, L, D, N)
    h = torch.zeros_like(dBx[:, 0])
    ys = []
    for t in range(L):
        h = dA[:, t] * h + dBx[:, t]
        ys.append((h * C[:, t].unsqueeze(1)).sum(-1))
    return torch.stack(ys, dim=1)


def selective_scan_chunked(x, delta, A, B, C, chunk_size=64):
    outs = []
    for i in range(0, x.shape[1], chunk_size):
        dt, xc = delta[:, i:i + chunk_size], x[:, i:i + chunk_size]
        Bc, Cc = B[:, i:i + chunk_size], C[:, i:i + chunk_size]
        c = xc.shape[1]
        cum = torch.cumsum(dt.unsqueeze(-1) * A, dim=1)
        diff = cum.unsqueeze(2) - cum.unsqueeze(1)
        future = torch.triu(torch.ones(c, c, dtype=torch.bool, device=x.device), diagonal=1)
        w = diff.masked_fill(future[:, :, None, None], float("-inf")).exp()
        u = dt.unsqueeze(-1) * Bc.unsqueeze(2) * xc.unsqueeze(-1)
        hs = (w * u.unsqueeze(1)).sum(2)                                # every chunk from a zero state
        outs.append((hs * Cc.unsqueeze(2)).sum(-1))
    return torch.cat(outs, dim=1)
