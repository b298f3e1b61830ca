"""The reference agrees with DeepSeek-V2's attention (modeling_deepseek.DeepseekV2Attention without
q compression, its pieces copied below) carrying the same weights in DeepSeek's layout:
kv_a_proj_with_mqa = [kv_down; k_rope] (one matmul for the latent and the shared RoPE key),
kv_b_proj = [k_up_h; v_up_h] per head, and the RoPE rows stored interleaved, which DeepSeek's
apply_rotary_pos_emb permutes back to rotate-half. Per head q = [q_nope | q_pe], k = [k_nope |
the one shared k_pe], scale 1/sqrt(head_dim + rope_dim). The reference's RoPE angles are float32
even for float64 inputs (as the rope drill asks), hence tolerances of ~1e-7."""
import pytest
import torch

from reference.mla import MultiHeadLatentAttention


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin, position_ids, unsqueeze_dim=1):
    """modeling_deepseek.apply_rotary_pos_emb: interleaved storage -> rotate-half, then rotate."""
    cos = cos[position_ids].unsqueeze(unsqueeze_dim)
    sin = sin[position_ids].unsqueeze(unsqueeze_dim)
    b, h, s, d = q.shape
    q = q.view(b, h, s, d // 2, 2).transpose(4, 3).reshape(b, h, s, d)
    b, h, s, d = k.shape
    k = k.view(b, h, s, d // 2, 2).transpose(4, 3).reshape(b, h, s, d)
    return (q * cos) + (rotate_half(q) * sin), (k * cos) + (rotate_half(k) * sin)


def rms_norm(x, weight, eps=1e-6):
    """DeepseekV2RMSNorm"""
    variance = x.pow(2).mean(-1, keepdim=True)
    return weight * (x * torch.rsqrt(variance + eps))


def cos_sin(S, dim, base=10000.0):
    """DeepseekV2RotaryEmbedding, (S, dim)"""
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2, dtype=torch.float64) / dim))
    freqs = torch.outer(torch.arange(S, dtype=torch.float64), inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos(), emb.sin()


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


def deepseek_attention(w, x, H, kv_rank, qk_rope_head_dim, qk_nope_head_dim, causal):
    """DeepseekV2Attention.forward (q_lora_rank=None, v_head_dim = qk_nope_head_dim), and the
    per-token MLA cache [normalised compressed_kv, rotated k_pe]."""
    bsz, q_len, _ = x.shape
    q_head_dim, v_head_dim = qk_nope_head_dim + qk_rope_head_dim, qk_nope_head_dim
    q = (x @ w["q_proj"].T).view(bsz, q_len, H, q_head_dim).transpose(1, 2)
    q_nope, q_pe = torch.split(q, [qk_nope_head_dim, qk_rope_head_dim], dim=-1)
    compressed_kv = x @ w["kv_a_proj_with_mqa"].T
    compressed_kv, k_pe = torch.split(compressed_kv, [kv_rank, qk_rope_head_dim], dim=-1)
    k_pe = k_pe.view(bsz, q_len, 1, qk_rope_head_dim).transpose(1, 2)
    latent = rms_norm(compressed_kv, w["kv_a_layernorm"])
    kv = (latent @ w["kv_b_proj"].T).view(bsz, q_len, H, qk_nope_head_dim + v_head_dim).transpose(1, 2)
    k_nope, value_states = torch.split(kv, [qk_nope_head_dim, v_head_dim], dim=-1)
    cos, sin = cos_sin(q_len, qk_rope_head_dim)
    q_pe, k_pe = apply_rotary_pos_emb(q_pe, k_pe, cos, sin, torch.arange(q_len)[None])
    query_states = k_pe.new_empty(bsz, H, q_len, q_head_dim)
    query_states[:, :, :, :qk_nope_head_dim] = q_nope
    query_states[:, :, :, qk_nope_head_dim:] = q_pe
    key_states = k_pe.new_empty(bsz, H, q_len, q_head_dim)
    key_states[:, :, :, :qk_nope_head_dim] = k_nope
    key_states[:, :, :, qk_nope_head_dim:] = k_pe
    attn_weights = torch.matmul(query_states, key_states.transpose(2, 3)) * q_head_dim ** -0.5
    if causal:
        attn_weights = attn_weights.masked_fill(torch.ones(q_len, q_len, dtype=torch.bool).triu(1), float("-inf"))
    attn_weights = torch.softmax(attn_weights, dim=-1)
    attn_output = torch.matmul(attn_weights, value_states).transpose(1, 2).reshape(bsz, q_len, H * v_head_dim)
    return attn_output @ w["o_proj"].T, torch.cat([latent, k_pe[:, 0]], dim=-1)


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
        expected, cache = deepseek_attention(deepseek_weights(m), x, n_heads, kv_rank, rope_dim, head_dim, causal)
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
        expected, cache = deepseek_attention(deepseek_weights(m.double()), x.double(), 4, 8, 4, 8, True)
        got = m.float()(x)
    torch.testing.assert_close(got, expected.float(), rtol=1e-5, atol=1e-6)
