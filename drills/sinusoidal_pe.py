"""Sinusoidal positional encoding 正弦位置编码

Write `sinusoidal_pe(seq_len, d_model)`: the fixed positional encoding of "Attention Is All You
Need", added to the token embeddings so that the model knows where each token is.

    PE[pos, 2i]     = sin(pos / 10000^(2i / d_model))
    PE[pos, 2i + 1] = cos(pos / 10000^(2i / d_model))        for i = 0 .. d_model/2 - 1

- `seq_len` and `d_model` are ints (d_model even); positions are 0 .. seq_len - 1. Returns a
  float32 tensor (seq_len, d_model).
- Interleaved: sin on the EVEN dims, cos on the ODD dims, and dims 2i and 2i + 1 share one
  frequency. It is not [all the sines, then all the cosines].
- The exponent is 2i / d_model, with i the index of the PAIR (so dim 2i and dim 2i + 1 both use
  10000^(2i / d_model)); the frequencies go from 1 down to nearly 1/10000.
- No Python loops over positions or dims: build the (seq_len, d_model / 2) table of angles as an
  outer product, then take sin and cos.

Example (d_model = 4: frequencies 1 and 1/100):
    >>> sinusoidal_pe(3, 4)
    tensor([[ 0.0000,  1.0000,  0.0000,  1.0000],
            [ 0.8415,  0.5403,  0.0100,  0.9999],
            [ 0.9093, -0.4161,  0.0200,  0.9998]])
    # row 1: sin(1), cos(1), sin(1/100), cos(1/100)
"""
import torch


def sinusoidal_pe(seq_len: int, d_model: int) -> torch.Tensor:
    # TODO: positions (S, 1) times frequencies 10000^(-2i/d) (d/2,), then sin on even dims and
    # cos on odd dims (about 5 lines)
    raise NotImplementedError
