import torch

EXPECT = {
    'top_k_filter: no loop': '',
    'sample: no loop': '',
}


def top_k_filter(logits, k):
    rows = logits.reshape(-1, logits.shape[-1])
    out = torch.full_like(rows, float("-inf"))
    k = min(k, rows.shape[-1])
    for i in range(rows.shape[0]):
        kth = rows[i].topk(k).values[-1]
        keep = rows[i] >= kth
        out[i][keep] = rows[i][keep]
    return out.reshape(logits.shape)


def sample(logits, k, temperature=1.0, generator=None):
    probs = torch.softmax(top_k_filter(logits / temperature, k), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])
