import torch

EXPECT = {
    'selective_scan: values': 'output read before the state update: y_t = C_t · h_t, with x_t already in h_t',
}


def selective_scan(x, delta, A, B, C):
    batch, L, D = x.shape
    dA = torch.exp(torch.einsum("bld,dn->bldn", delta, A))
    dBx = torch.einsum("bld,bln,bld->bldn", delta, B, x)
    h = torch.zeros_like(dBx[:, 0])
    y = torch.empty_like(x)
    for t in range(L):
        y[:, t] = torch.einsum("bdn,bn->bd", h, C[:, t])                # read, then update
        h = dA[:, t] * h + dBx[:, t]
    return y


def selective_scan_chunked(x, delta, A, B, C, chunk_size=64):
    batch, L, D = x.shape
    h = torch.zeros(batch, D, A.shape[1], dtype=x.dtype, device=x.device)
    ys = []
    for i in range(0, L, chunk_size):
        dt, xc = delta[:, i:i + chunk_size], x[:, i:i + chunk_size]
        Bc, Cc = B[:, i:i + chunk_size], C[:, i:i + chunk_size]
        c = xc.shape[1]
        cum = torch.cumsum(dt.unsqueeze(-1) * A, dim=1)                 # (batch, c, D, N)
        diff = cum.unsqueeze(2) - cum.unsqueeze(1)                      # (batch, t, s, D, N)
        future = torch.triu(torch.ones(c, c, dtype=torch.bool, device=x.device), diagonal=1)
        w = diff.masked_fill(future[:, :, None, None], float("-inf")).exp()
        u = dt.unsqueeze(-1) * Bc.unsqueeze(2) * xc.unsqueeze(-1)       # (batch, c, D, N)
        hs = (w * u.unsqueeze(1)).sum(2) + cum.exp() * h.unsqueeze(1)
        ys.append((hs * Cc.unsqueeze(2)).sum(-1))
        h = hs[:, -1]
    return torch.cat(ys, dim=1)

