"""Int8 weight quantisation 对称逐通道INT8量化

Store a weight matrix in int8, one scale per output channel, and multiply in int8 with the
scales folded back afterwards (W8A8 inference, as in LLM.int8() and SmoothQuant). Write three
functions.

1. `quantise(w) -> (q, scale)`: `w` is (out_features, in_features), float. Symmetric, per
   output channel (one scale per row):
       scale[r] = max_j |w[r, j]| / 127                 (out_features,), w's dtype
       q[r, j]  = round(w[r, j] / scale[r])             (out_features, in_features), torch.int8
   - Symmetric: no zero point, 0.0 maps to 0, and q lies in [-127, 127] (-128 is never used).
     Each row's largest |w| maps to ±127.
   - Round to the nearest integer (torch.round); do not truncate. Graded inputs are never
     halfway between two integers, so the tie rule does not matter.
   - A row of zeros has scale 1.0 (its q is all 0).
2. `dequantise(q, scale) -> w_hat`: `q` (out, in) int8 and `scale` (out,) float as `quantise`
   returns them; w_hat[r, j] = q[r, j] * scale[r], (out, in) in scale's dtype.
3. `int8_matmul(x, q, scale) -> y`: `x` (..., in_features) float (activations, any number of
   leading dims, or none), `q` and `scale` a quantised weight. Computes x @ w.T the int8 way:
   - quantise x the same way with one scale per row of x (per token: each vector along the
     last dim): x_scale (...,) and x_q in [-127, 127];
   - sum the integer products exactly: acc = x_q @ q.T, in float32/float64 (exact while
     |acc| < 2**24, true for in_features <= 1024) or int32 on the CPU (GPUs have no int32
     matmul; the grader runs your code on one when there is one). Never in int8: it overflows;
   - fold both scales back: y = acc * x_scale[..., None] * scale, (..., out_features) in x's
     dtype. x and scale have the same float dtype, float16 and bfloat16 included (graded): the
     sum is exact there too, so accumulate and fold in float32 (float16 overflows past 65504)
     and cast y to x's dtype last.
- No Python loop over rows or elements (a check counts your torch calls). Inputs are not
  modified; every tensor you make is on the input's device. Do not call torch's quantisation
  routines (torch.quantize_per_channel, torch.ao.quantization, fake_quantize...).

Example:
    >>> w = torch.tensor([[0.4, -1.0, 0.25], [2.0, 0.1, -0.3]])
    >>> q, scale = quantise(w)     # row 0: 0.4 * 127 = 50.8 -> 51
    >>> q                          # row 1: 0.1 * 127 / 2 = 6.35 -> 6
    tensor([[  51, -127,   32],
            [ 127,    6,  -19]], dtype=torch.int8)
    >>> scale                      # [1.0 / 127, 2.0 / 127]
    tensor([0.0079, 0.0157])
    >>> dequantise(q, scale)       # within half a step (scale / 2) of w
    tensor([[ 0.4016, -1.0000,  0.2520],
            [ 2.0000,  0.0945, -0.2992]])
    >>> x = torch.tensor([[1.2, 2.0, -0.6]])
    >>> int8_matmul(x, q, scale)   # x @ w.T = [-1.67, 2.78]
    tensor([[-1.6702,  2.7617]])
"""
import torch


def quantise(w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: per-row max of |w|, scale (1 for zero rows), round, clamp, int8 (about 4 lines)
    raise NotImplementedError


def dequantise(q: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    # TODO: q in scale's dtype times the row's scale (about 1 line)
    raise NotImplementedError


def int8_matmul(x: torch.Tensor, q: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    # TODO: quantise the rows of x, integer matmul accumulated exactly, both scales folded back,
    # leading dims restored (about 5 lines)
    raise NotImplementedError
