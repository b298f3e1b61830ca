import torch


def sliding_window_attention(q, k, v, window):
    """The band as the intersection of two triangles of a ones matrix; masked softmax written out,
    with rows that see no key left at zero instead of NaN."""
    S_q, S_k = q.size(-2), k.size(-2)
    off = S_k - S_q
    ones = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device)
    band = ones.tril(off) & ones.triu(off - window + 1)
    scores = torch.matmul(q, k.mT) * q.size(-1) ** -0.5
    scores = torch.where(band, scores, torch.full_like(scores, float("-inf")))
    top = scores.amax(-1, keepdim=True)
    top = torch.where(torch.isinf(top), torch.zeros_like(top), top)
    e = torch.exp(scores - top)
    total = e.sum(-1, keepdim=True)
    return torch.matmul(e / torch.where(total == 0, torch.ones_like(total), total), v)
