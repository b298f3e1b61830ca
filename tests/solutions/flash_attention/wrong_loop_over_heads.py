import torch

EXPECT = {
    'no loop': '',
}


def flash_attention(q, k, v, causal=False, block_size=64):
    B, H, S_q, D = q.shape
    S_k = k.shape[2]
    out = torch.zeros_like(q)
    rows = torch.arange(S_q, device=q.device)[:, None] + S_k - S_q
    for b in range(B):
        for h in range(H):                               # one (batch, head) at a time
            qi = q[b, h] * D ** -0.5
            m = torch.full((S_q, 1), float("-inf"), device=q.device, dtype=q.dtype)
            l = torch.zeros((S_q, 1), device=q.device, dtype=q.dtype)
            o = torch.zeros((S_q, D), device=q.device, dtype=q.dtype)
            for j in range(0, S_k, block_size):
                s = qi @ k[b, h, j:j + block_size].T
                if causal:
                    cols = torch.arange(j, j + s.shape[1], device=q.device)
                    s = s.masked_fill(cols > rows, float("-inf"))
                m_new = torch.maximum(m, s.max(1, keepdim=True).values)
                safe = m_new.masked_fill(m_new == float("-inf"), 0)
                p = (s - safe).exp()
                a = (m - safe).exp()
                l = a * l + p.sum(1, keepdim=True)
                o = a * o + p @ v[b, h, j:j + block_size]
                m = m_new
            out[b, h] = o / l.masked_fill(l == 0, 1)
    return out
