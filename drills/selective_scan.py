"""Selective scan (Mamba) 选择性扫描

The core of Mamba: a linear recurrence whose parameters depend on the input ("selective"). Each
of the D channels keeps an N-dimensional state; at every step the state decays and takes in the
new input, and the output reads it out:

      h_t = exp(Δ_t A) ∘ h_{t-1} + Δ_t B_t x_t          (per channel d: h is (N,), exp elementwise)
      y_t = C_t · h_t                                   (a sum over the N state dims)

that is, for batch element b, step t, channel d and state dim n:
      h[b, t, d, n] = exp(delta[b, t, d] · A[d, n]) · h[b, t-1, d, n] + delta[b, t, d] · B[b, t, n] · x[b, t, d]
      y[b, t, d]    = sum_n C[b, t, n] · h[b, t, d, n]
with h before the first step = 0. (exp(Δ A) and Δ B are the discretisation of a continuous system:
both A and B are scaled by the step Δ.)

Inputs: `x` (batch, L, D); `delta` (batch, L, D), > 0; `A` (D, N), < 0; `B`, `C` (batch, L, N).
Return y (batch, L, D) with x's dtype and device. Write two forms that agree:

`selective_scan(x, delta, A, B, C)` — sequential: one step of the recurrence per time step. The loop
over time is inherent; there must be no Python loop over the batch, the channels or the state dims
(a check counts your torch calls at two sizes of those).

`selective_scan_chunked(x, delta, A, B, C, chunk_size=64)` — chunked: cut the sequence into chunks of
`chunk_size` steps (the last may be shorter), loop over the chunks, and compute each chunk in
parallel — no Python loop inside a chunk (a check counts your torch calls for two chunk sizes with the
same number of chunks), and no intermediate larger than twice one chunk's pairwise decays,
2 · batch · chunk_size² · D · N elements (a check measures your largest intermediate). Inside a
chunk, with a_t = Δ_t A and cum_t = a_start + ... + a_t:
      h_t = exp(cum_t) ∘ h_in + sum_{s<=t} exp(cum_t - cum_s) ∘ Δ_s B_s x_s
where h_in is the state the previous chunk ended with: carry it across chunks. Decays can be
strong (cum_t down to -1000): exp(cum_t - cum_s) is fine for s <= t, but exp(-cum_s) overflows,
and the pairs s > t must be masked before the exponential, not after.

Both forms are graded with gradients (through delta, A, B, C and x as well).

Example (batch 1, L = 3, D = 1, N = 2; Δ = 0.5 everywhere, so exp(Δ A) = [0.6065, 0.3679]):
    >>> x = torch.tensor([[[1.0], [0.0], [2.0]]])
    >>> delta = torch.full((1, 3, 1), 0.5)
    >>> A = torch.tensor([[-1.0, -2.0]])
    >>> B = torch.tensor([[[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]])
    >>> C = torch.ones(1, 3, 2)
    >>> selective_scan(x, delta, A, B, C).flatten()      # h: [0.5, 0], [0.3033, 0], [0.1839, 1.0]
    tensor([0.5000, 0.3033, 1.1839])
    >>> selective_scan_chunked(x, delta, A, B, C, chunk_size=2).flatten()
    tensor([0.5000, 0.3033, 1.1839])
"""
import torch


def selective_scan(x: torch.Tensor, delta: torch.Tensor, A: torch.Tensor, B: torch.Tensor,
                   C: torch.Tensor) -> torch.Tensor:
    # TODO: decay exp(delta A) and input delta B x for every step, (batch, L, D, N); zero state;
    #       for each step: update the state, read y_t = sum_n C_t h_t; stack (about 9 lines)
    raise NotImplementedError


def selective_scan_chunked(x: torch.Tensor, delta: torch.Tensor, A: torch.Tensor, B: torch.Tensor, C: torch.Tensor,
                           chunk_size: int = 64) -> torch.Tensor:
    # TODO: zero state; for each chunk: cumulative log-decay, pairwise decays masked for s > t,
    #       states from the inputs and the carried state, outputs, carry the last state (about 16 lines)
    raise NotImplementedError
