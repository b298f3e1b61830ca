import torch

EXPECT = {
    'selective_scan_chunked: values': 'the last, shorter chunk dropped (L not a multiple of chunk_size)',
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
    y = torch.zeros_like(x)
    for j in range(L // chunk_size):                                   # whole chunks only
        s = slice(j * chunk_size, (j + 1) * chunk_size)
        cum = torch.cumsum(delta[:, s, :, None] * A, dim=1)
        diff = cum[:, :, None] - cum[:, None, :]
        future = torch.ones(chunk_size, chunk_size, dtype=torch.bool, device=x.device).triu(1)
        w = torch.where(future[:, :, None, None], torch.full_like(diff, float("-inf")), diff).exp()
        u = delta[:, s, :, None] * B[:, s, None, :] * x[:, s, :, None]
        hs = torch.einsum("btsdn,bsdn->btdn", w, u) + cum.exp() * h[:, None]
        y[:, s] = torch.einsum("btdn,btn->btd", hs, C[:, s])
        h = hs[:, -1]
    return y
