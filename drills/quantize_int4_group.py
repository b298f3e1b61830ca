"""Group-wise int4 quantisation 分组INT4量化

Store a weight matrix in 4 bits per weight, as GPTQ and AWQ checkpoints do: each group of
`group_size` consecutive weights along the input dim gets its own scale and zero point
(asymmetric), and two 4-bit values are packed into each byte. Write two functions.

1. `quantise(w, group_size) -> (packed, scale, zero)`: `w` is (out_features, in_features),
   float; `group_size` divides in_features, and in_features is even. Group j of row r is
   w[r, j*group_size:(j+1)*group_size]. For each group:
       lo    = min(min(group), 0)          the range always holds 0.0
       hi    = max(max(group), 0)
       scale = (hi - lo) / 15              16 levels, 15 steps; 1.0 for an all-zero group
       zero  = round(-lo / scale)          the integer step that stands for 0.0, in [0, 15]
       q     = clamp(round(w / scale) + zero, 0, 15)
   Round to the nearest integer (torch.round); graded inputs are never halfway between two.
   Packing, along each row: byte k holds q[2k] in its low nibble (bits 0-3) and q[2k+1] in its
   high nibble (bits 4-7), i.e. packed = q[2k] | (q[2k+1] << 4).
   Returns
       packed  (out_features, in_features // 2)           torch.uint8
       scale   (out_features, in_features // group_size)  w's dtype
       zero    (out_features, in_features // group_size)  torch.uint8
2. `dequantise(packed, scale, zero, group_size) -> w_hat`: unpack the nibbles back to q
   (out, in) and return (q - zero) * scale for each group, (out, in) in scale's dtype. Each
   weight comes back within half a step (scale / 2) of w.
- Careful: q - zero in uint8 wraps around below 0; convert to a float first.
- No Python loop over rows, groups or elements (a check counts your torch calls). Inputs are
  not modified; every tensor you make is on the input's device. Do not call torch's
  quantisation routines (torch.ao.quantization, fake_quantize...).

Example:
    >>> w = torch.tensor([[-1.0, 0.5, 2.0, 0.3], [0.3, 0.1, -0.6, -0.2]])
    >>> packed, scale, zero = quantise(w, group_size=2)
    >>> scale                  # groups [-1, 0.5] [2, 0.3] / [0.3, 0.1] [-0.6, -0.2]
    tensor([[0.1000, 0.1333],
            [0.0200, 0.0400]])
    >>> zero                   # round(1.0 / 0.1) = 10; a group >= 0 has zero 0
    tensor([[10,  0],
            [ 0, 15]], dtype=torch.uint8)
    >>> packed                 # q = [0, 15, 15, 2] / [15, 5, 0, 10]: 0 | 15 << 4 = 240
    tensor([[240,  47],
            [ 95, 160]], dtype=torch.uint8)
    >>> dequantise(packed, scale, zero, group_size=2)    # 0.3 comes back as 2 * 0.1333
    tensor([[-1.0000,  0.5000,  2.0000,  0.2667],
            [ 0.3000,  0.1000, -0.6000, -0.2000]])
"""
import torch


def quantise(w: torch.Tensor, group_size: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: view as (out, groups, group_size), range through 0, scale, zero, q, pack pairs of
    # nibbles (about 10 lines)
    raise NotImplementedError


def dequantise(packed: torch.Tensor, scale: torch.Tensor, zero: torch.Tensor, group_size: int) -> torch.Tensor:
    # TODO: unpack low and high nibbles in order, subtract the zero, multiply by the scale, per
    # group (about 5 lines)
    raise NotImplementedError
