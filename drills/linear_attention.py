"""Causal linear attention 线性注意力

Softmax attention costs S² per sequence. Linear attention (Katharopoulos et al., 2020, "Transformers
are RNNs") replaces exp(q·k) by a product of features φ(q)·φ(k), so the sum over keys can be carried
along the sequence: a parallel form for training and a recurrent form (an RNN with a matrix state)
for generation. Write both; they must agree.

With the feature map φ(x) = elu(x) + 1 (positive everywhere), token i's output is

                 sum_{j<=i} (φ(q_i) · φ(k_j)) v_j        φ(q_i)ᵀ S_i
      out_i  =  ----------------------------------  =  -------------,
                 sum_{j<=i}  φ(q_i) · φ(k_j)            φ(q_i) · z_i

      S_i = sum_{j<=i} φ(k_j) v_jᵀ   (D, D_v),      z_i = sum_{j<=i} φ(k_j)   (D,).

- `q`, `k` are (B, H, S, D), `v` is (B, H, S, D_v); return (B, H, S, D_v) with q's dtype and device.
  Causal: token i uses the keys and values j = 0 .. i, its own included. No 1/sqrt(D) scaling (it
  would cancel in the ratio), no softmax, no eps.

`linear_attention(q, k, v)` — the parallel form: every token at once, no Python loop at all (not
over the tokens, nor the batch or heads: a check counts your torch calls at two sizes). The
quadratic form with a lower-triangular mask, or cumulative sums of the outer products, both do.

`linear_attention_recurrent(q, k, v)` — the recurrent form: walk over the tokens in order, carrying
S (B, H, D, D_v) and z (B, H, D) from one token to the next and reading token t's output from them.
The loop over tokens is the point; no loop over the batch or heads. Memory (graded): no
intermediate may be larger than the output or the inputs (B·H·S·max(D, D_v) elements) or the state,
so the (S, S) weights, or all S states at once, fail this entry. Work (graded): linear in S, as an
RNN's — a check counts the elements your operations make and the multiply-adds of your matrix
products at two lengths — so a step that reads the earlier tokens' keys and values again (O(S²) in
all) fails too.

Example (B = H = 1, S = 3, D = D_v = 2):
    >>> q = torch.tensor([[0., 0.], [1., 0.], [0., 1.]]).view(1, 1, 3, 2)   # φ(q) = [1,1], [2,1], [1,2]
    >>> k = torch.tensor([[0., 0.], [0., 1.], [1., 0.]]).view(1, 1, 3, 2)   # φ(k) = [1,1], [1,2], [2,1]
    >>> v = torch.tensor([[1., 0.], [0., 1.], [2., 2.]]).view(1, 1, 3, 2)
    >>> linear_attention(q, k, v)[0, 0]          # token 1: weights 3 and 4 on v_0, v_1: [3, 4] / 7
    tensor([[1.0000, 0.0000],
            [0.4286, 0.5714],
            [0.9167, 1.0833]])
    >>> linear_attention_recurrent(q, k, v)[0, 0]     # the same
"""
import torch
import torch.nn.functional as F


def linear_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    # TODO: feature map; weights phi(q) phi(k)ᵀ kept for j <= i; weighted sum of v over the
    #       sum of the weights (about 6 lines)
    raise NotImplementedError


def linear_attention_recurrent(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    # TODO: feature map; zero state S and normaliser z; for each token: add phi(k_t) v_tᵀ and
    #       phi(k_t), read phi(q_t)ᵀ S / phi(q_t)·z; stack the outputs (about 12 lines)
    raise NotImplementedError
