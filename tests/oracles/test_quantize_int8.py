"""The reference against PyTorch's own quantisation: PerChannelMinMaxObserver's symmetric per-channel
scales over [-127, 127], torch.quantize_per_channel's integers, its dequantize(), and the int8 GEMM
torch._int_mm (int32 accumulation) with the scales folded back."""
import warnings

import pytest
import torch
from torch.ao.quantization.observer import PerChannelMinMaxObserver

from grader.specs.quantize_int8 import clear_of_ties
from reference.quantize_int8 import dequantise, int8_matmul, quantise

warnings.filterwarnings("ignore", message=".*quantized tensor creation functions.*")


def torch_quantise(w):
    observer = PerChannelMinMaxObserver(ch_axis=0, dtype=torch.qint8, qscheme=torch.per_channel_symmetric,
                                        quant_min=-127, quant_max=127)
    observer(w.float())
    scale, zero = observer.calculate_qparams()
    qt = torch.quantize_per_channel(w.float(), scale.float(), zero, 0, torch.qint8)
    return qt, scale


@pytest.mark.parametrize("shape", [(1, 1), (4, 8), (7, 3), (64, 256), (256, 64), (1, 1024)])
@pytest.mark.parametrize("magnitude", [1e-3, 1.0, 300.0])
def test_quantise_agrees_with_torch_per_channel_symmetric(shape, magnitude):
    w = clear_of_ties(torch.randn(shape, generator=torch.Generator().manual_seed(shape[0] * shape[1])) * magnitude)
    qt, scale = torch_quantise(w)
    q, s = quantise(w)
    assert q.dtype == torch.int8 and s.dtype == w.dtype
    torch.testing.assert_close(s, scale.to(s.dtype), rtol=1e-6, atol=0)
    assert torch.equal(q, qt.int_repr())
    torch.testing.assert_close(dequantise(q, s), qt.dequantize(), rtol=1e-6, atol=1e-12)
    assert ((dequantise(q, s) - w).abs() <= s[:, None] / 2 * (1 + 1e-5)).all()      # within half a step


def test_zero_rows_and_float64():
    w = torch.randn(4, 6, dtype=torch.float64)
    w[2] = 0
    q, s = quantise(w)
    assert s.dtype == torch.float64 and s[2] == 1.0 and (q[2] == 0).all()
    qt, scale = torch_quantise(w)
    keep = torch.tensor([0, 1, 3])
    assert torch.equal(q[keep], qt.int_repr()[keep])     # torch gives a zero row the scale eps; the drill says 1


@pytest.mark.parametrize("n,d_in,d_out", [(1, 8, 8), (16, 64, 32), (8, 1024, 24), (32, 128, 256)])
def test_int8_matmul_agrees_with_int_mm(n, d_in, d_out):
    g = torch.Generator().manual_seed(n + d_in)
    x = clear_of_ties(torch.randn(n, d_in, generator=g) * 3)
    w = clear_of_ties(torch.randn(d_out, d_in, generator=g) * 0.05)
    q, s = quantise(w)
    x_qt, x_scale = torch_quantise(x)
    rows = max(n, 32)                                   # _int_mm wants more than 16 rows: pad with zeros
    x_int = torch.zeros(rows, d_in, dtype=torch.int8)
    x_int[:n] = x_qt.int_repr()
    acc = torch._int_mm(x_int, q.T.contiguous())[:n]    # int32 accumulation
    expected = acc.double() * x_scale.double()[:, None] * s.double()
    torch.testing.assert_close(int8_matmul(x, q, s).double(), expected, rtol=1e-6, atol=1e-6)
    # in float64 the scales are computed in float64 too: they differ from float32's by ~1e-8
    torch.testing.assert_close(int8_matmul(x.double(), q, s.double()), expected, rtol=1e-6, atol=1e-9)


def test_int8_matmul_leading_dims_and_vector():
    x = clear_of_ties(torch.randn(2, 3, 16))
    q, s = quantise(clear_of_ties(torch.randn(5, 16)))
    y = int8_matmul(x, q, s)
    assert y.shape == (2, 3, 5)
    torch.testing.assert_close(y.reshape(6, 5), int8_matmul(x.reshape(6, 16), q, s))
    torch.testing.assert_close(int8_matmul(x[0, 0], q, s), y[0, 0])
