import torch

EXPECT = {
    'top_p_filter: no loop': '',
    'top_p_sample: no loop': '',
}


def top_p_filter(logits, p):
    rows = logits.reshape(-1, logits.shape[-1])
    out = torch.empty_like(rows)
    for i in range(rows.shape[0]):
        sorted_row, order = rows[i].sort(descending=True)
        probs = sorted_row.softmax(-1)
        remove = probs.cumsum(-1) - probs >= p
        out[i] = rows[i]
        out[i, order[remove]] = float("-inf")
    return out.reshape(logits.shape)


def top_p_sample(logits, p, temperature=1.0, generator=None):
    probs = torch.softmax(top_p_filter(logits / temperature, p), dim=-1)
    ids = torch.multinomial(probs.reshape(-1, probs.shape[-1]), 1, generator=generator)
    return ids.reshape(probs.shape[:-1])

