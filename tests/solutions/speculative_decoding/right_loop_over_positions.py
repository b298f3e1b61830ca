import torch


def speculative_step(draft_tokens, draft_probs, target_probs, generator=None):
    """Position by position, every row at once; rows that stopped are carried along unchanged."""
    B, K = draft_tokens.shape
    dev = draft_tokens.device
    rows = torch.arange(B, device=dev)
    out = torch.full((B, K + 1), -1, dtype=torch.long, device=dev)
    n = torch.zeros(B, dtype=torch.long, device=dev)
    running = torch.ones(B, dtype=torch.bool, device=dev)
    for i in range(K):
        x = draft_tokens[:, i]
        p, q = target_probs[rows, i, x], draft_probs[rows, i, x]
        u = torch.rand(B, generator=generator, device=dev)
        ok = running & (u < p / q)
        out[:, i] = torch.where(ok, x, out[:, i])
        n = n + ok.long()
        rejected = running & ~ok
        residual = torch.clamp(target_probs[:, i] - draft_probs[:, i], min=0)
        residual = torch.where(rejected[:, None], residual, torch.ones_like(residual))
        y = torch.multinomial(residual, 1, generator=generator).squeeze(1)
        out[:, i] = torch.where(rejected, y, out[:, i])
        running = ok
    bonus = torch.multinomial(target_probs[:, K], 1, generator=generator).squeeze(1)
    out[:, K] = torch.where(running, bonus, out[:, K])
    return out, n
