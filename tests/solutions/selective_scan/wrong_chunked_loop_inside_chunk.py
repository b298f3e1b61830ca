import torch

EXPECT = {
    'selective_scan_chunked: no loop': '',
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
    h = x.new_zeros(batch, D, A.shape[1])
    ys = []
    for i in range(0, L, chunk_size):
        for t in range(i, min(i + chunk_size, L)):                     # the recurrence again, step by step
            h = torch.exp(delta[:, t, :, None] * A) * h + delta[:, t, :, None] * B[:, t, None] * x[:, t, :, None]
            ys.append((h * C[:, t, None]).sum(-1))
    return torch.stack(ys, dim=1)
