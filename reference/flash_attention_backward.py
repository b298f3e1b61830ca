import torch


def flash_attention_backward(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, o: torch.Tensor, do: torch.Tensor,
                             lse: torch.Tensor, causal: bool = False, block_size: int = 64):
    S_q, S_k = q.shape[-2], k.shape[-2]
    scale = q.shape[-1] ** -0.5
    delta = (do * o).sum(dim=-1, keepdim=True)       # (B, H, S_q, 1): D_i = dO_i · O_i = sum_j P_ij dP_ij
    lse = lse[..., None]                             # (B, H, S_q, 1)
    last = torch.arange(S_q, device=q.device)[:, None] + (S_k - S_q)   # the last key each query sees
    dq, dk, dv = torch.zeros_like(q), [], []
    for start in range(0, S_k, block_size):
        kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
        s = q @ kb.transpose(-2, -1) * scale         # (B, H, S_q, bs): this block's scores again
        if causal:
            cols = torch.arange(start, start + kb.shape[-2], device=q.device)
            s = s.masked_fill(cols > last, float("-inf"))
        p = torch.exp(s - lse)                       # the forward's softmax, exact thanks to the saved lse
        dv.append(p.transpose(-2, -1) @ do)          # (B, H, bs, D)
        ds = p * (do @ vb.transpose(-2, -1) - delta) # softmax backward: P ∘ (dP - D)
        dq = dq + ds @ kb * scale
        dk.append(ds.transpose(-2, -1) @ q * scale)
    return dq, torch.cat(dk, dim=-2), torch.cat(dv, dim=-2)
