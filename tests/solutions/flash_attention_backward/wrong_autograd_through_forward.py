import torch

EXPECT = {
    'memory': 'more than one block of scores held at once (the whole (S_q, S_k) score matrix, or a softmax over all keys recomputed instead of using the saved lse): only one (B, H, S_q, block_size) block may exist at a time',
    'banned calls': '',
}


def flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64):
    S_q, S_k = q.shape[-2], k.shape[-2]
    with torch.enable_grad():
        q_, k_, v_ = (t.detach().requires_grad_() for t in (q, k, v))
        s = q_ @ k_.transpose(-2, -1) * q.shape[-1] ** -0.5
        if causal:
            keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q)
            s = s.masked_fill(~keep, float("-inf"))
        out = torch.exp(s - torch.logsumexp(s, -1, keepdim=True)) @ v_
        return torch.autograd.grad(out, (q_, k_, v_), do)
