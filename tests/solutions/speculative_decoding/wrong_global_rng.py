import torch

EXPECT = {
    'generator': '',
}


def speculative_step(draft_tokens, draft_probs, target_probs, generator=None):
    B, K = draft_tokens.shape
    rows = torch.arange(B, device=draft_tokens.device)
    out = torch.full((B, K + 1), -1, dtype=torch.long, device=draft_tokens.device)
    n = torch.zeros(B, dtype=torch.long, device=draft_tokens.device)
    active = torch.ones(B, dtype=torch.bool, device=draft_tokens.device)
    for i in range(K):
        x = draft_tokens[:, i]
        p, q = target_probs[rows, i, x], draft_probs[rows, i, x]
        u = torch.rand(B, device=draft_tokens.device)
        ok = active & (u < p / q)
        out[:, i] = torch.where(ok, x, out[:, i])
        n = n + ok.long()
        rejected = active & ~ok
        residual = torch.clamp(target_probs[:, i] - draft_probs[:, i], min=0)
        residual = torch.where(rejected[:, None], residual, torch.ones_like(residual))   # rows not resampled here
        y = torch.multinomial(residual, 1, generator=generator).squeeze(1)
        out[:, i] = torch.where(rejected, y, out[:, i])
        active = ok
    bonus = torch.multinomial(target_probs[:, K], 1, generator=generator).squeeze(1)
    out[:, K] = torch.where(active, bonus, out[:, K])
    return out, n
