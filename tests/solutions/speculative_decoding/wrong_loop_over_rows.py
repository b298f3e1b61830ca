import torch

EXPECT = {
    'no loop': '',
}


def speculative_step(draft_tokens, draft_probs, target_probs, generator=None):
    B, K = draft_tokens.shape
    out = torch.full((B, K + 1), -1, dtype=torch.long, device=draft_tokens.device)
    n = torch.zeros(B, dtype=torch.long, device=draft_tokens.device)
    for b in range(B):
        for i in range(K + 1):
            if i == K:
                out[b, i] = torch.multinomial(target_probs[b, K], 1, generator=generator)[0]
                break
            x = draft_tokens[b, i]
            u = torch.rand(1, generator=generator, device=draft_tokens.device)[0]
            if u < target_probs[b, i, x] / draft_probs[b, i, x]:
                out[b, i] = x
                n[b] += 1
            else:
                residual = (target_probs[b, i] - draft_probs[b, i]).clamp(min=0)
                out[b, i] = torch.multinomial(residual, 1, generator=generator)[0]
                break
    return out, n
