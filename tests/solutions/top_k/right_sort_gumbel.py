import torch


def top_k_filter(logits, k):
    V = logits.size(-1)
    sorted_logits, _ = torch.sort(logits, dim=-1, descending=True)
    threshold = sorted_logits[..., min(k, V) - 1].unsqueeze(-1)
    neg_inf = torch.full_like(logits, float("-inf"))
    return torch.where(logits >= threshold, logits, neg_inf)


def sample(logits, k, temperature=1.0, generator=None):
    # Gumbel-max trick: argmax(z + g) with g ~ Gumbel(0, 1) is a sample from softmax(z)
    z = top_k_filter(logits / temperature, k)
    u = torch.rand(z.shape, generator=generator, device=z.device, dtype=torch.float64)
    g = -torch.log(-torch.log(u.clamp_min(1e-300)))
    return torch.argmax(z.double() + g, dim=-1)
