import torch


def online_softmax_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    m = k[0] @ q                          # () running max of the scores seen so far
    d = torch.ones_like(m)                # () running sum of exp(score - m)
    o = v[0]                              # (D_v,) running sum of exp(score - m) * v
    for i in range(1, k.shape[0]):        # one pass: each key is read once, no (N,) tensor is made
        s = k[i] @ q
        m_new = torch.maximum(m, s)
        shrink = (m - m_new).exp()        # everything summed so far was relative to the old max
        p = (s - m_new).exp()
        d = d * shrink + p
        o = o * shrink + p * v[i]
        m = m_new
    return o / d                          # normalise once, at the end
