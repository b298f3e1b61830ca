"""The reference against PyTorch's affine quantisation applied group by group: each group is a
"channel" of PerChannelMinMaxObserver (per_channel_affine, quant range [0, 15], whose range always
holds 0), torch.quantize_per_channel gives the 4-bit integers, and fake_quantize_per_channel_affine
the dequantised weights. The packing is checked nibble by nibble with Python integers."""
import warnings

import pytest
import torch
from torch.ao.quantization.observer import PerChannelMinMaxObserver

from grader.specs.quantize_int4_group import clear_of_ties
from reference.quantize_int4_group import dequantise, quantise

warnings.filterwarnings("ignore", message=".*quantized tensor creation functions.*")


def torch_groups(w, group_size):
    """(q, scale, zero, fake-quantised w) of each group by torch's per-channel affine quantisation."""
    out, n = w.shape
    groups = w.float().reshape(-1, group_size)                      # one channel per group
    observer = PerChannelMinMaxObserver(ch_axis=0, dtype=torch.quint8, qscheme=torch.per_channel_affine,
                                        quant_min=0, quant_max=15)
    observer(groups)
    scale, zero = observer.calculate_qparams()
    q = torch.quantize_per_channel(groups, scale.float(), zero, 0, torch.quint8).int_repr()
    fake = torch.fake_quantize_per_channel_affine(groups, scale.float(), zero.int(), 0, 0, 15)
    return (q.reshape(out, n), scale.reshape(out, -1), zero.reshape(out, -1), fake.reshape(out, n))


def unpack_by_hand(packed):
    rows = []
    for row in packed.tolist():
        values = []
        for byte in row:
            values += [byte & 0xF, byte >> 4]                      # low nibble first
        rows.append(values)
    return torch.tensor(rows)


@pytest.mark.parametrize("shape,group_size", [((1, 2), 2), ((4, 8), 4), ((3, 12), 3), ((8, 64), 16),
                                              ((16, 256), 128), ((5, 6), 1), ((2, 32), 32)])
@pytest.mark.parametrize("magnitude", [1e-2, 1.0, 100.0])
def test_agrees_with_torch_affine_per_group(shape, group_size, magnitude):
    g = torch.Generator().manual_seed(shape[0] * shape[1] + group_size)
    w = clear_of_ties(torch.randn(shape, generator=g) * magnitude, group_size)
    w.view(shape[0], -1, group_size)[0, 0] = w.view(shape[0], -1, group_size)[0, 0].abs()   # an all-positive group
    w = clear_of_ties(w, group_size)
    packed, scale, zero = quantise(w, group_size)
    q, t_scale, t_zero, fake = torch_groups(w, group_size)
    assert packed.dtype == torch.uint8 and zero.dtype == torch.uint8 and scale.dtype == w.dtype
    assert packed.shape == (shape[0], shape[1] // 2) and scale.shape == zero.shape == (shape[0], shape[1] // group_size)
    torch.testing.assert_close(scale, t_scale.to(scale.dtype), rtol=1e-6, atol=0)
    assert torch.equal(zero.long(), t_zero.long())
    assert torch.equal(unpack_by_hand(packed), q.long())
    torch.testing.assert_close(dequantise(packed, scale, zero, group_size), fake, rtol=1e-6, atol=1e-6 * magnitude)


def test_packs_two_nibbles_per_byte():
    w = torch.tensor([[0.0, 1.5, 3.0, 4.5]])                       # one group: scale 0.3, zero 0, q = 0, 5, 10, 15
    packed, scale, zero = quantise(w, 4)
    assert packed.tolist() == [[0 | 5 << 4, 10 | 15 << 4]] and zero.tolist() == [[0]]


def test_edge_groups_and_float64():
    w = torch.tensor([[-1.0, -0.5, 0.0, 0.0, 0.5, 2.0]], dtype=torch.float64)
    packed, scale, zero = quantise(w, 2)
    assert scale.dtype == torch.float64
    assert scale[0, 1] == 1.0 and zero[0, 1] == 0                  # an all-zero group: scale 1 by rule
    assert zero[0, 0] == 15 and zero[0, 2] == 0                    # all negative: 0.0 is the top step
    back = dequantise(packed, scale, zero, 2)
    assert ((back - w).abs() <= scale.repeat_interleave(2, dim=1) / 2 + 1e-12).all()
