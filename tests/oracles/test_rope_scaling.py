"""The reference agrees with transformers' rotary scaling code: the inverse frequencies of
modeling_rope_utils ("linear": the frequencies divided by factor, the same angles as positions
divided by it; "dynamic": NTK-aware, here at the sequence length where its base is
theta · factor^(D/(D-2)), the static NTK-aware rule), applied with Llama's apply_rotary_pos_emb."""
import pytest
import torch

from reference.rope_scaling import linear_scaled_rope, ntk_scaled_rope


def hf_rotate(x, positions, rope_type, factor, theta):
    from transformers import LlamaConfig
    from transformers.modeling_rope_utils import (_compute_dynamic_ntk_parameters,
                                                  _compute_linear_scaling_rope_parameters)
    from transformers.models.llama.modeling_llama import apply_rotary_pos_emb
    D, L = x.shape[-1], 4096
    config = LlamaConfig(hidden_size=4 * D, num_attention_heads=4, head_dim=D, max_position_embeddings=L,
                         rope_parameters={"rope_type": rope_type, "factor": factor, "rope_theta": theta})
    if rope_type == "linear":
        inv_freq, _ = _compute_linear_scaling_rope_parameters(config, None)
    else:
        # dynamic NTK's base is theta · (factor · s / L - (factor - 1))^(D/(D-2)): equal to the static
        # rule's theta · factor^(D/(D-2)) at s = L (2 factor - 1) / factor
        inv_freq, _ = _compute_dynamic_ntk_parameters(config, None, seq_len=L * (2 * factor - 1) / factor)
    angles = positions.double()[:, None] * inv_freq.double()
    emb = torch.cat([angles, angles], dim=-1)
    out, _ = apply_rotary_pos_emb(x, x, emb.cos()[None], emb.sin()[None], unsqueeze_dim=1)
    return out


CASES = [(8, 1.0, 10000.0), (16, 2.0, 10000.0), (64, 4.0, 10000.0), (128, 8.0, 500000.0), (4, 32.0, 10000.0),
         (32, 2.5, 100.0)]


@pytest.mark.parametrize("D,factor,theta", CASES)
@pytest.mark.parametrize("rope_type", ["linear", "dynamic"])
def test_agrees_with_transformers(D, factor, theta, rope_type):
    g = torch.Generator().manual_seed(D)
    x = torch.randn(2, 3, 7, D, generator=g, dtype=torch.float64)
    positions = torch.tensor([0, 1, 5, 600, 4095, 8190, 16000])
    expected = hf_rotate(x, positions, rope_type, factor, theta)
    scaled = linear_scaled_rope if rope_type == "linear" else ntk_scaled_rope
    # the reference keeps its angles in float32, as the drill asks: ~1e-7 × 16000 radians
    torch.testing.assert_close(scaled(x, positions, factor, theta), expected, rtol=0, atol=5e-3)
    small = positions < 8
    torch.testing.assert_close(scaled(x, positions, factor, theta)[..., small, :], expected[..., small, :],
                               rtol=0, atol=1e-5)


def test_factor_1_is_plain_rope():
    from reference.rope import apply_rope
    x = torch.randn(2, 5, 16, generator=torch.Generator().manual_seed(0))
    p = torch.tensor([3, 9, 100, 2000, 7])
    torch.testing.assert_close(linear_scaled_rope(x, p, 1.0), apply_rope(x, p))
    torch.testing.assert_close(ntk_scaled_rope(x, p, 1.0), apply_rope(x, p))


def test_ntk_keeps_the_highest_frequency_and_slows_the_lowest_by_factor():
    x = torch.zeros(1, 8, dtype=torch.float64)
    x[0, 0], x[0, 3] = 1.0, 1.0                          # pairs 0 (highest frequency) and 3 (lowest)
    p = torch.tensor([1000])
    out = ntk_scaled_rope(x, p, 4.0)
    plain = linear_scaled_rope(x, p, 1.0)
    slow = linear_scaled_rope(x, torch.tensor([250]), 1.0)
    torch.testing.assert_close(out[0, [0, 4]], plain[0, [0, 4]], rtol=0, atol=1e-4)
    torch.testing.assert_close(out[0, [3, 7]], slow[0, [3, 7]], rtol=0, atol=1e-4)
