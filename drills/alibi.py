"""ALiBi: attention with linear biases 线性偏置注意力

ALiBi (Press et al., 2022; BLOOM, MPT) adds no position embedding at all: each head penalises a
key linearly in its distance from the query, with a head-specific slope, so a model trained on
short sequences still behaves on longer ones. Write the two parts.

`alibi_slopes(n_heads) -> (n_heads,) float32`, the slope of each head:
- n a power of two: the geometric sequence starting at and multiplied by r = 2^(-8/n):
  slopes = [r^1, r^2, ..., r^n] = 2^(-8·1/n), 2^(-8·2/n), ..., 2^(-8). Head 0 has the largest slope.
- otherwise, with 2^k the largest power of two below n: the first 2^k heads take the 2^k-head slopes
  above; the remaining n - 2^k heads take every other slope of the 2^(k+1)-head sequence, starting
  with its first: 2^(-8·1/2^(k+1)), 2^(-8·3/2^(k+1)), 2^(-8·5/2^(k+1)), ... (these fall in between
  the first ones).

`alibi_attention(q, k, v, slopes) -> (B, H, S_q, D)`, causal attention with the bias:
- `q` is (B, H, S_q, D), `k` and `v` are (B, H, S_k, D), `slopes` is (H,) (any positive values,
  not only alibi_slopes(H)); the output has q's dtype and device.
- Causal, aligned bottom-right: query i sits at position p = i + (S_k - S_q), key j at j, and
  query i may attend key j iff j <= p. The score of a visible key is

      q_i · k_j / sqrt(D)  -  slopes[h] · (p - j)

  (the bias is added after the 1/sqrt(D) scaling; a key at distance 0 gets no penalty).
- When S_q > S_k the first S_q - S_k queries see no key: not graded, but no NaN elsewhere.
- No Python loop over batch or heads (a check counts your torch calls at two sizes). Float16
  and bfloat16 are graded too. Do not call F.scaled_dot_product_attention; torch.softmax is allowed.

Example:
    >>> alibi_slopes(8)
    tensor([0.5000, 0.2500, 0.1250, 0.0625, 0.0312, 0.0156, 0.0078, 0.0039])
    >>> alibi_slopes(6)          # 4 heads' slopes, then every other one of 8 heads': 2^-1, 2^-3
    tensor([0.2500, 0.0625, 0.0156, 0.0039, 0.5000, 0.1250])
    >>> q = k = torch.zeros(1, 2, 3, 1)          # all scores 0: only the bias decides
    >>> v = torch.tensor([0., 1., 2.]).view(1, 1, 3, 1).expand(1, 2, 3, 1)
    >>> alibi_attention(q, k, v, torch.tensor([0.5, 0.0625])).flatten()
    tensor([0.0000, 0.6225, 1.3202, 0.0000, 0.5156, 1.0416])
    (query 1 of head 0: softmax([-0.5, 0]) @ [0, 1] = 0.6225)
"""
import torch


def alibi_slopes(n_heads: int) -> torch.Tensor:
    # TODO: the geometric slopes of the largest power of two <= n_heads, then every other slope of
    #       twice that many heads for the rest (about 6 lines)
    raise NotImplementedError


def alibi_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, slopes: torch.Tensor) -> torch.Tensor:
    # TODO: scaled scores; distance p - j (S_q, S_k); subtract slopes[:, None, None] * distance;
    #       hide future keys; softmax over the keys; @ v (about 8 lines)
    raise NotImplementedError
