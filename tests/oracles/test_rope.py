"""The reference against Hugging Face transformers' LLaMA RoPE, imported (the `test` extra installs
it): LlamaRotaryEmbedding, built from a small LlamaConfig, gives the cos/sin for the positions, and
apply_rotary_pos_emb applies them (rotate-half convention)."""
import pytest
import torch
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding, apply_rotary_pos_emb

from reference.rope import apply_rope


def hf_cos_sin(position_ids, dim, theta, dtype):
    """cos, sin (B, S, dim) from LlamaRotaryEmbedding with head_dim = dim and the default rope type."""
    config = LlamaConfig(hidden_size=dim, num_attention_heads=1, num_key_value_heads=1, head_dim=dim,
                         rope_parameters={"rope_type": "default", "rope_theta": theta})
    return LlamaRotaryEmbedding(config)(torch.empty(0, dtype=dtype), position_ids)


@pytest.mark.parametrize("B,H,S,D", [(2, 4, 7, 16), (1, 1, 1, 2), (3, 2, 5, 64), (1, 8, 33, 128)])
@pytest.mark.parametrize("start", [0, 100, 4000])
@pytest.mark.parametrize("theta", [10000.0, 500000.0])
def test_agrees_with_hugging_face(B, H, S, D, start, theta):
    g = torch.Generator().manual_seed(S * D + start)
    q, k = torch.randn(B, H, S, D, generator=g), torch.randn(B, H, S, D, generator=g)
    positions = torch.arange(start, start + S)
    cos, sin = hf_cos_sin(positions[None].expand(B, S), D, theta, q.dtype)
    q_hf, k_hf = apply_rotary_pos_emb(q, k, cos, sin)
    # float32 angles differ by ~1e-7 × position radians between formulations
    atol = 1e-5 * max(1.0, (start + S) / 16)
    torch.testing.assert_close(apply_rope(q, positions, theta), q_hf, rtol=1e-4, atol=atol)
    torch.testing.assert_close(apply_rope(k, positions, theta), k_hf, rtol=1e-4, atol=atol)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16])
def test_half_precision_agrees_with_hugging_face(dtype):
    g = torch.Generator().manual_seed(0)
    q = torch.randn(2, 3, 9, 32, generator=g)
    positions = torch.arange(50, 59)
    cos, sin = hf_cos_sin(positions[None].expand(2, 9), 32, 10000.0, torch.float32)
    expected, _ = apply_rotary_pos_emb(q, q, cos, sin)
    got = apply_rope(q.to(dtype), positions)
    assert got.dtype == dtype
    torch.testing.assert_close(got.float(), expected, rtol=2e-2, atol=2e-2)


def test_positions_in_any_order():
    x = torch.randn(1, 1, 4, 8, generator=torch.Generator().manual_seed(1))
    positions = torch.tensor([9, 2, 40, 0])
    cos, sin = hf_cos_sin(positions[None], 8, 10000.0, x.dtype)
    expected, _ = apply_rotary_pos_emb(x, x, cos, sin)
    torch.testing.assert_close(apply_rope(x, positions), expected, rtol=1e-4, atol=1e-5)
