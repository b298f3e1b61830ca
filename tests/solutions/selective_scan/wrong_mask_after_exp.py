import torch

EXPECT = {
    'selective_scan_chunked: values': 'pairs s > t masked after the exponential: exp(cum_t - cum_s) overflows there, and the values (inf · 0) or the gradients (through a where) are NaN; mask with -inf before exp',
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
    batch, L, D = x.shape
    h = torch.zeros(batch, D, A.shape[1], dtype=x.dtype, device=x.device)
    ys = []
    for i in range(0, L, chunk_size):
        dt, xc = delta[:, i:i + chunk_size], x[:, i:i + chunk_size]
        Bc, Cc = B[:, i:i + chunk_size], C[:, i:i + chunk_size]
        c = xc.shape[1]
        cum = torch.cumsum(dt.unsqueeze(-1) * A, dim=1)
        causal = torch.tril(torch.ones(c, c, device=x.device, dtype=x.dtype))
        w = torch.exp(cum.unsqueeze(2) - cum.unsqueeze(1)) * causal[:, :, None, None]   # zeroed after exp
        u = dt.unsqueeze(-1) * Bc.unsqueeze(2) * xc.unsqueeze(-1)
        hs = (w * u.unsqueeze(1)).sum(2) + cum.exp() * h.unsqueeze(1)
        ys.append((hs * Cc.unsqueeze(2)).sum(-1))
        h = hs[:, -1]
    return torch.cat(ys, dim=1)
