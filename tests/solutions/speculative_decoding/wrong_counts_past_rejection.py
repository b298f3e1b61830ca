import torch

EXPECT = {
    'frequencies': 'drafts after the first rejection still counted: n_accepted counts the accepted drafts BEFORE the first rejection (cumprod, not sum)',
}


def speculative_step(draft_tokens, draft_probs, target_probs, generator=None):
    B, K = draft_tokens.shape
    idx = draft_tokens.unsqueeze(-1)
    p = torch.gather(target_probs[:, :K], 2, idx).squeeze(-1)
    q = torch.gather(draft_probs, 2, idx).squeeze(-1)
    r = torch.rand(B, K, generator=generator, device=p.device)
    accept = r < p / q
    n = accept.sum(dim=1)                                      # how many drafts were accepted
    residual = (target_probs[:, :K] - draft_probs).clamp(min=0)
    choices = torch.cat([residual, target_probs[:, K:]], dim=1)
    y = torch.multinomial(choices[torch.arange(B, device=p.device), n], 1, generator=generator)
    padded = torch.cat([draft_tokens, torch.full_like(draft_tokens[:, :1], -1)], dim=1)
    keep = torch.arange(K + 1, device=p.device)[None] < n[:, None]
    tokens = torch.where(keep, padded, torch.full_like(padded, -1))
    tokens = tokens.scatter(1, n[:, None], y)
    return tokens, n
