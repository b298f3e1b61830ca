"""Decoding token by token with the reference equals one causal pass of grouped-query attention with
RoPE over the whole sequence, computed here independently: Hugging Face transformers' LLaMA RoPE
(LlamaRotaryEmbedding's cos/sin and apply_rotary_pos_emb, imported; the `test` extra installs it) on
q and k, then F.scaled_dot_product_attention(is_causal=True, enable_gqa=True). RoPE angles are
float32 even for float64 inputs, in the reference (as the rope drill asks) and in Hugging Face's,
hence tolerances of ~1e-7 rather than float64's ~1e-12."""
import pytest
import torch
import torch.nn.functional as F
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding, apply_rotary_pos_emb

from reference.gqa import GroupedQueryAttention
from reference.kv_cache import KVCache, decode_step


def cos_sin(S, dim, dtype):
    """LlamaRotaryEmbedding's cos and sin (default rope type, theta 10000) for positions 0..S-1, (1, S, dim)."""
    config = LlamaConfig(hidden_size=dim, num_attention_heads=1, num_key_value_heads=1, head_dim=dim,
                         rope_parameters={"rope_type": "default", "rope_theta": 10000.0})
    return LlamaRotaryEmbedding(config)(torch.empty(0, dtype=dtype), torch.arange(S)[None])


def full_pass(attn: GroupedQueryAttention, x):
    """Causal GQA with RoPE over the whole sequence at once, and the rotated keys and values."""
    B, S, _ = x.shape
    H, n_kv, hd = attn.n_heads, attn.n_kv_heads, attn.head_dim
    q = attn.q_proj(x).view(B, S, H, hd).transpose(1, 2)
    k = attn.k_proj(x).view(B, S, n_kv, hd).transpose(1, 2)
    v = attn.v_proj(x).view(B, S, n_kv, hd).transpose(1, 2)
    q, k = apply_rotary_pos_emb(q, k, *cos_sin(S, hd, x.dtype))
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
    return attn.o_proj(out.transpose(1, 2).reshape(B, S, H * hd)), k, v


@pytest.mark.parametrize("B,S,d_model,n_heads,n_kv", [(2, 5, 16, 4, 2), (1, 7, 24, 6, 3), (3, 4, 16, 8, 1),
                                                      (2, 6, 8, 2, 2), (2, 1, 12, 3, 1), (1, 33, 32, 4, 2)])
@pytest.mark.parametrize("prompt", [0, 1, 3])
def test_decoding_equals_one_causal_pass(B, S, d_model, n_heads, n_kv, prompt):
    prompt = min(prompt, S - 1)
    torch.manual_seed(0)
    attn = GroupedQueryAttention(d_model, n_heads, n_kv).double()
    x = torch.randn(B, S, d_model, dtype=torch.float64)
    with torch.no_grad():
        expected, k, v = full_pass(attn, x)
        cache = KVCache()
        if prompt:
            cache.update(k[:, :, :prompt], v[:, :, :prompt])      # a prompt prefilled in one go
        got = torch.cat([decode_step(x[:, t:t + 1], attn, cache, t) for t in range(prompt, S)], dim=1)
        k_all, v_all = cache.update(k[:, :, :0], v[:, :, :0])
    torch.testing.assert_close(got, expected[:, prompt:], rtol=1e-6, atol=1e-7)
    torch.testing.assert_close(k_all, k, rtol=1e-6, atol=1e-7)       # the cache holds the rotated keys
    torch.testing.assert_close(v_all, v, rtol=1e-10, atol=1e-12)


def test_float32_late_positions():
    torch.manual_seed(1)
    attn = GroupedQueryAttention(16, 4, 2)
    x = torch.randn(2, 1004, 16)
    with torch.no_grad():
        expected, k, v = full_pass(attn.double(), x.double())
        attn = attn.float()
        cache = KVCache()
        cache.update(k[:, :, :1000].float(), v[:, :, :1000].float())
        got = torch.cat([decode_step(x[:, t:t + 1], attn, cache, t) for t in range(1000, 1004)], dim=1)
    torch.testing.assert_close(got, expected[:, 1000:].float(), rtol=1e-4, atol=2e-4)


def test_update_appends_along_time():
    cache = KVCache()
    chunks = [torch.randn(2, 3, T, 4) for T in (3, 1, 2)]
    for n, c in enumerate(chunks, 1):
        k, v = cache.update(c, -c)
        assert torch.equal(k, torch.cat(chunks[:n], dim=2)) and torch.equal(v, -k)
