"""The reference agrees with Hugging Face transformers' DeepseekV2Attention (imported from
transformers.models.deepseek_v2; the `test` extra installs it), built without q compression from a
small DeepseekV2Config with eager attention, carrying the same weights in DeepSeek's layout:
kv_a_proj_with_mqa = [kv_down; k_rope] (one matmul for the latent and the shared RoPE key),
kv_b_proj = [k_up_h; v_up_h] per head, and the RoPE rows stored interleaved, since DeepSeek rotates
adjacent pairs (as complex numbers) where the reference rotates halves. Per head q = [q_nope | q_pe],
k = [k_nope | the one shared k_pe], scale 1/sqrt(head_dim + rope_dim). The per-token MLA cache is
read from the DynamicCache the attention writes [normalised latent, rotated k_pe] to. RoPE angles
are float32 even for float64 inputs, in the reference (as the rope drill asks) and in DeepSeek's
(which also rotates in float32), hence tolerances of ~1e-7."""
import pytest
import torch
from transformers import DynamicCache
from transformers.models.deepseek_v2.configuration_deepseek_v2 import DeepseekV2Config
from transformers.models.deepseek_v2.modeling_deepseek_v2 import DeepseekV2Attention, DeepseekV2RotaryEmbedding

from reference.mla import MultiHeadLatentAttention


def interleaved(rows: torch.Tensor) -> torch.Tensor:
    """Rotate-half rows [a_0..a_{d/2-1}, b_0..b_{d/2-1}] stored DeepSeek's way: a_0 b_0 a_1 b_1 ..."""
    a, b = rows.chunk(2, dim=0)
    return torch.stack([a, b], dim=1).reshape(rows.shape)


def deepseek_weights(m: MultiHeadLatentAttention) -> dict:
    H, hd, rd, r = m.n_heads, m.head_dim, m.rope_dim, m.kv_rank
    q = m.q_proj.weight.view(H, hd + rd, -1)
    q = torch.cat([q[:, :hd], torch.stack([interleaved(q[h, hd:]) for h in range(H)])], dim=1)
    kv_b = torch.cat([m.k_up.weight.view(H, hd, r), m.v_up.weight.view(H, hd, r)], dim=1)
    return {"q_proj": q.reshape(H * (hd + rd), -1),
            "kv_a_proj_with_mqa": torch.cat([m.kv_down.weight, interleaved(m.k_rope.weight)]),
            "kv_a_layernorm": m.kv_norm.weight, "kv_b_proj": kv_b.reshape(2 * H * hd, r),
            "o_proj": m.o_proj.weight}


def deinterleaved(x: torch.Tensor) -> torch.Tensor:
    """The inverse of interleaved along the last dim: a_0 b_0 a_1 b_1 ... -> a_0..a_{d/2-1} b_0..b_{d/2-1}."""
    return x.unflatten(-1, (-1, 2)).transpose(-1, -2).flatten(-2)


def deepseek_v2(m: MultiHeadLatentAttention, d_model: int) -> DeepseekV2Attention:
    """DeepseekV2Attention with m's sizes and weights, q_lora_rank=None, v_head_dim = qk_nope_head_dim."""
    H = m.n_heads
    config = DeepseekV2Config(hidden_size=H, num_attention_heads=H, num_key_value_heads=H, q_lora_rank=None,
                              kv_lora_rank=m.kv_rank, qk_rope_head_dim=m.rope_dim, qk_nope_head_dim=m.head_dim,
                              v_head_dim=m.head_dim, attention_bias=False, rms_norm_eps=1e-6,
                              rope_parameters={"rope_type": "default", "rope_theta": 10000.0},
                              attn_implementation="eager")
    # The attention's sizes never use hidden_size / n_heads; the config's check that one divides the other
    # (meant for whole models) runs only when it is built, so d_model is set after, keeping cases where
    # d_model is not a multiple of n_heads.
    config.hidden_size = d_model
    attn = DeepseekV2Attention(config, layer_idx=0).to(m.q_proj.weight.dtype).eval()
    w = deepseek_weights(m)
    attn.load_state_dict({"q_proj.weight": w["q_proj"], "kv_a_proj_with_mqa.weight": w["kv_a_proj_with_mqa"],
                          "kv_a_layernorm.weight": w["kv_a_layernorm"], "kv_b_proj.weight": w["kv_b_proj"],
                          "o_proj.weight": w["o_proj"]}, strict=True)
    return attn


def deepseek_attention(attn: DeepseekV2Attention, x: torch.Tensor, causal: bool):
    """The attention's output over x (B, S, d_model) at positions 0..S-1, and the per-token MLA cache
    [normalised latent, rotated k_pe] (rotate-half order) that it wrote to its DynamicCache."""
    S = x.shape[1]
    freqs = DeepseekV2RotaryEmbedding(attn.config)(x, torch.arange(S)[None])
    mask = torch.full((S, S), float("-inf"), dtype=x.dtype).triu(1)[None, None] if causal else None
    cache = DynamicCache()
    out, _ = attn(x, attention_mask=mask, past_key_values=cache, position_embeddings=freqs)
    latent, k_pe = cache.layers[0].keys[:, 0], cache.layers[0].values[:, 0]
    return out, torch.cat([latent, deinterleaved(k_pe)], dim=-1)


@pytest.mark.parametrize("B,S,d_model,n_heads,kv_rank,rope_dim,head_dim",
                         [(2, 5, 32, 4, 8, 4, 8), (1, 7, 16, 2, 6, 2, 5), (3, 4, 12, 1, 3, 6, 2),
                          (2, 1, 8, 3, 1, 2, 1), (1, 24, 64, 8, 16, 8, 16)])
@pytest.mark.parametrize("causal", [False, True])
def test_agrees_with_deepseek_v2_attention(B, S, d_model, n_heads, kv_rank, rope_dim, head_dim, causal):
    torch.manual_seed(0)
    m = MultiHeadLatentAttention(d_model, n_heads, kv_rank, rope_dim, head_dim).double()
    with torch.no_grad():
        m.kv_norm.weight.normal_()                              # off its default 1, so forgetting it shows
        x = torch.randn(B, S, d_model, dtype=torch.float64)
        expected, cache = deepseek_attention(deepseek_v2(m, d_model), x, causal)
        got = m(x, causal=causal)
        got_cache = m.latent_cache(x)
    torch.testing.assert_close(got, expected, rtol=1e-6, atol=1e-7)
    torch.testing.assert_close(got_cache, cache, rtol=1e-6, atol=1e-7)


def test_parameter_shapes():
    m = MultiHeadLatentAttention(d_model=32, n_heads=4, kv_rank=8, rope_dim=4, head_dim=6)
    assert {k: tuple(v.shape) for k, v in m.state_dict().items()} == {
        "q_proj.weight": (40, 32), "kv_down.weight": (8, 32), "kv_norm.weight": (8,), "k_up.weight": (24, 8),
        "v_up.weight": (24, 8), "k_rope.weight": (4, 32), "o_proj.weight": (32, 24)}


def test_float32():
    torch.manual_seed(1)
    m = MultiHeadLatentAttention(32, 4, 8, 4, 8)
    x = torch.randn(2, 6, 32)
    with torch.no_grad():
        expected, cache = deepseek_attention(deepseek_v2(m.double(), 32), x.double(), True)
        got = m.float()(x)
    torch.testing.assert_close(got, expected.float(), rtol=1e-5, atol=1e-6)
