import torch


def speculative_step(draft_tokens: torch.Tensor, draft_probs: torch.Tensor, target_probs: torch.Tensor,
                     generator: torch.Generator | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    B, K = draft_tokens.shape
    dev = draft_probs.device
    p = target_probs[:, :K].gather(-1, draft_tokens[..., None]).squeeze(-1)     # (B, K) target's prob
    q = draft_probs.gather(-1, draft_tokens[..., None]).squeeze(-1)             # (B, K) draft's, > 0
    u = torch.rand(B, K, generator=generator, device=dev, dtype=draft_probs.dtype)
    accepted = u * q < p                                   # with probability min(1, p / q)
    n = accepted.long().cumprod(dim=-1).sum(dim=-1)        # (B,) accepted before the first rejection
    # each row draws one token: from the residual where it stopped, or the bonus from p_K
    residual = (target_probs[:, :K] - draft_probs).clamp(min=0)
    dist = torch.cat([residual, target_probs[:, K:]], dim=1)[torch.arange(B, device=dev), n]    # (B, V)
    y = torch.multinomial(dist, 1, generator=generator)    # multinomial normalises the residual
    pos = torch.arange(K + 1, device=dev)
    tokens = torch.cat([draft_tokens, draft_tokens[:, :1]], dim=1)
    tokens = torch.where(pos < n[:, None], tokens, -1)     # the accepted drafts, then -1
    return tokens.scatter(1, n[:, None], y), n
