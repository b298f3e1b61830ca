import torch


def top_k_filter(logits: torch.Tensor, k: int) -> torch.Tensor:
    k = min(k, logits.shape[-1])
    # k-th largest of logits = -(k-th smallest of -logits)
    kth = -(-logits).kthvalue(k, dim=-1, keepdim=True).values
    out = logits.clone()
    out[logits < kth] = float("-inf")
    return out


def sample(logits: torch.Tensor, k: int, temperature: float = 1.0, generator=None) -> torch.Tensor:
    z = top_k_filter(logits / temperature, k)
    z = z - z.max(dim=-1, keepdim=True).values
    p = z.exp()
    p = p / p.sum(dim=-1, keepdim=True)
    flat = p.reshape(-1, p.shape[-1])
    idx = torch.multinomial(flat, num_samples=1, generator=generator).squeeze(-1)
    return idx.reshape(p.shape[:-1])
