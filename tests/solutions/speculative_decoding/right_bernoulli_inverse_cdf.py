import torch


def speculative_step(draft_tokens, draft_probs, target_probs, generator=None):
    """Acceptance as Bernoulli(min(1, p / q)); the one extra token by inverse-CDF sampling."""
    B, K = draft_tokens.shape
    V = draft_probs.shape[-1]
    idx = draft_tokens.unsqueeze(-1)
    ratio = target_probs[:, :K].gather(2, idx).squeeze(2) / draft_probs.gather(2, idx).squeeze(2)
    accept = torch.bernoulli(ratio.clamp(max=1.0), generator=generator).bool()       # (B, K)
    # n = index of the first rejection, K if none: argmin over [accept, False]
    flags = torch.cat([accept, accept.new_zeros(B, 1)], dim=1)
    n = flags.int().argmin(dim=1).long()
    # the distribution of the extra token: residual at the first rejection, p_K otherwise
    diff = torch.cat([(target_probs[:, :K] - draft_probs).relu(), target_probs[:, K:]], dim=1)
    dist = diff.gather(1, n.view(B, 1, 1).expand(B, 1, V)).squeeze(1)
    cdf = dist.cumsum(-1)
    u = torch.rand(B, 1, generator=generator, device=dist.device, dtype=dist.dtype) * cdf[:, -1:]
    extra = torch.searchsorted(cdf, u, right=True).clamp(max=V - 1)
    extra = torch.where(dist.gather(1, extra) > 0, extra, dist.argmax(-1, keepdim=True))  # never a 0-mass token
    pos = torch.arange(K + 1, device=draft_tokens.device).expand(B, K + 1)
    tokens = torch.cat([draft_tokens, draft_tokens.new_zeros(B, 1)], dim=1)
    tokens = tokens.masked_fill(pos > n[:, None], -1)
    return tokens.scatter(1, n.unsqueeze(1), extra), n
