import torch
import torch.nn.functional as F


def linear_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    S = q.shape[-2]
    q, k = F.elu(q) + 1, F.elu(k) + 1                      # positive features: every weight > 0
    weights = q @ k.transpose(-2, -1)                      # (B, H, S, S): phi(q_i) · phi(k_j)
    causal = torch.ones(S, S, dtype=torch.bool, device=q.device).tril()
    weights = weights * causal                             # token i sums over j <= i only
    return (weights @ v) / weights.sum(dim=-1, keepdim=True)


def linear_attention_recurrent(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    B, H, S, D = q.shape
    q, k = F.elu(q) + 1, F.elu(k) + 1
    state = q.new_zeros(B, H, D, v.shape[-1])              # sum_j phi(k_j) v_jᵀ so far
    norm = q.new_zeros(B, H, D)                            # sum_j phi(k_j) so far
    out = []
    for t in range(S):
        state = state + k[:, :, t, :, None] * v[:, :, t, None, :]
        norm = norm + k[:, :, t]
        num = (q[:, :, t, :, None] * state).sum(dim=-2)   # phi(q_t)ᵀ state, (B, H, D_v)
        out.append(num / (q[:, :, t] * norm).sum(dim=-1, keepdim=True))
    return torch.stack(out, dim=2)
