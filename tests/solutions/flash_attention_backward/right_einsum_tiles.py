import torch


def flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64):
    """FlashAttention-2's loop order: key blocks outside, query tiles inside (each tile's scores are
    at most block_size × block_size), causal tiles that see nothing of the block skipped."""
    S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
    scale = D ** -0.5
    delta = torch.einsum("bhqd,bhqd->bhq", do, o)
    dq_tiles = [torch.zeros_like(q[..., i:i + block_size, :]) for i in range(0, S_q, block_size)]
    dk, dv = [], []
    for j in range(0, S_k, block_size):
        kj, vj = k[..., j:j + block_size, :], v[..., j:j + block_size, :]
        dkj, dvj = torch.zeros_like(kj), torch.zeros_like(vj)
        for t, i in enumerate(range(0, S_q, block_size)):
            if causal and i + min(block_size, S_q - i) - 1 + S_k - S_q < j:
                continue                                   # the whole tile sits before this block
            qi, doi = q[..., i:i + block_size, :], do[..., i:i + block_size, :]
            s = torch.einsum("bhqd,bhkd->bhqk", qi, kj) * scale
            if causal:
                qpos = torch.arange(i, i + qi.shape[-2], device=q.device)[:, None] + S_k - S_q
                kpos = torch.arange(j, j + kj.shape[-2], device=q.device)[None, :]
                s = s.masked_fill(kpos > qpos, float("-inf"))
            p = (s - lse[..., i:i + block_size, None]).exp()
            dvj = dvj + torch.einsum("bhqk,bhqd->bhkd", p, doi)
            ds = p * (torch.einsum("bhqd,bhkd->bhqk", doi, vj) - delta[..., i:i + block_size, None])
            dq_tiles[t] = dq_tiles[t] + torch.einsum("bhqk,bhkd->bhqd", ds, kj) * scale
            dkj = dkj + torch.einsum("bhqk,bhqd->bhkd", ds, qi) * scale
        dk.append(dkj)
        dv.append(dvj)
    return torch.cat(dq_tiles, -2), torch.cat(dk, -2), torch.cat(dv, -2)
