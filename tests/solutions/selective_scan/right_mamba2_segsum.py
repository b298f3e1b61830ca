import torch


def selective_scan(x, delta, A, B, C):
    """Discretised inside the loop, one step at a time; the read-out as an einsum."""
    batch, L, D = x.shape
    h = torch.zeros(batch, D, A.size(1), dtype=x.dtype, device=x.device)
    ys = []
    for t in range(L):
        dt = delta[:, t].unsqueeze(-1)                                   # (batch, D, 1)
        h = torch.exp(dt * A) * h + dt * B[:, t].unsqueeze(1) * x[:, t].unsqueeze(-1)
        ys.append(torch.einsum("bdn,bn->bd", h, C[:, t]))
    return torch.stack(ys, dim=1)


def segsum(a):
    """(..., c) -> (..., c, c): out[t, s] = a[s+1] + ... + a[t] for s <= t, -inf above the diagonal
    (Mamba-2's stable form: a cumulative sum of a masked matrix, no difference of large sums)."""
    c = a.size(-1)
    a = a[..., None].expand(*a.shape, c)                                 # [..., t, s] = a[t]
    below = torch.ones(c, c, dtype=torch.bool, device=a.device).tril(-1)
    out = torch.cumsum(a.masked_fill(~below, 0.0), dim=-2)
    return out.masked_fill(~torch.ones(c, c, dtype=torch.bool, device=a.device).tril(), float("-inf"))


def selective_scan_chunked(x, delta, A, B, C, chunk_size=64):
    batch, L, D = x.shape
    h = torch.zeros(batch, D, A.size(1), dtype=x.dtype, device=x.device)
    out = []
    for i in range(0, L, chunk_size):
        dt, xc, Bc, Cc = (t[:, i:i + chunk_size] for t in (delta, x, B, C))
        a = (dt.unsqueeze(-1) * A).permute(0, 2, 3, 1)                   # (batch, D, N, c)
        decay = torch.exp(segsum(a))                                     # (batch, D, N, c, c)
        u = (dt * xc).unsqueeze(-1) * Bc.unsqueeze(2)                    # (batch, c, D, N)
        into = torch.exp(torch.cumsum(a, dim=-1))                        # (batch, D, N, c): decay of h_in
        states = torch.einsum("bdnts,bsdn->btdn", decay, u) + torch.einsum("bdnt,bdn->btdn", into, h)
        out.append(torch.einsum("btdn,btn->btd", states, Cc))
        h = states[:, -1]
    return torch.cat(out, dim=1)
