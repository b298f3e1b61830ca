"""FlashAttention backward pass FlashAttention反向传播

Write `flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64)`: the gradients
dQ, dK, dV of attention O = softmax(q kᵀ / sqrt(D)) v, given the upstream gradient dO = `do`, the
way FlashAttention does it — from the output O and the log-sum-exp saved by the forward pass,
walking over the keys one block at a time, never holding the whole (S_q, S_k) score matrix.

Inputs:
- `q` (B, H, S_q, D); `k`, `v` (B, H, S_k, D); `o`, `do` (B, H, S_q, D): the forward's output and
  its upstream gradient; `lse` (B, H, S_q): the forward's log-sum-exp of each query's scaled scores,
      lse_i = log sum_j exp(s_ij),     s_ij = q_i · k_j / sqrt(D)   (over the keys query i sees).
  All have q's dtype and device. Return the tuple (dq, dk, dv), shaped like q, k, v, in q's dtype.
- `causal=True`: query i may attend key j iff j <= i + (S_k - S_q) (aligned bottom-right); with
  causal, S_q <= S_k (every query sees a key).

The gradients, per block of keys (P is the forward's softmax, dP = dO vᵀ):
      P_ij  = exp(s_ij - lse_i)          (masked keys: 0)  — no softmax needed, the lse is saved
      dV_j  = sum_i P_ij dO_i
      dS_ij = P_ij (dP_ij - D_i),    D_i = sum_d dO_id O_id   (= sum_j P_ij dP_ij, once for all blocks)
      dQ_i  = sum_j dS_ij k_j / sqrt(D)
      dK_j  = sum_i dS_ij q_i / sqrt(D)

- Memory (graded): no intermediate tensor may hold more than B·H·S_q·block_size elements, so the
  (B, H, S_q, S_k) scores, or a softmax over all keys at once, fail the drill. `S_k` need not be a
  multiple of `block_size`: the last block is shorter.
- No Python loop over the batch or the heads (a check counts your torch calls at two sizes); the
  loop over key blocks is the algorithm. Float16 and bfloat16 inputs are graded too.
- Do not call F.scaled_dot_product_attention, any softmax, or autograd (torch.autograd, .backward()):
  the drill is to write the backward by hand.

Example (one query, D = 1, keys [0, 1, 2], values [10, 20, 30], dO = 1, block_size=2):
    P = exp([0, 1, 2] - 2.4076) = [0.0900, 0.2447, 0.6652],  O = 25.7521,  D = 1 · 25.7521
    dV = P = [0.0900, 0.2447, 0.6652]
    dS = P ∘ ([10, 20, 30] - 25.7521) = [-1.4182, -1.4077, 2.8259]
    dQ = dS · k = 4.2440,   dK = dS · q = [-1.4182, -1.4077, 2.8259]
    >>> dq, dk, dv = flash_attention_backward(q, k, v, o, do, lse, block_size=2)
"""
import torch


def flash_attention_backward(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, o: torch.Tensor, do: torch.Tensor,
                             lse: torch.Tensor, causal: bool = False, block_size: int = 64):
    # TODO: D = rowsum(do * o); dq = 0; for each key block: scores, causal mask, P = exp(s - lse),
    #       dv block, dP, dS = P * (dP - D), dq += ..., dk block; concatenate (about 20 lines)
    raise NotImplementedError
