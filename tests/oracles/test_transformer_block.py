"""The reference agrees with Hugging Face's LlamaDecoderLayer (its forward and pieces copied below,
eager attention, no transformers needed) carrying the same weights: input_layernorm is attn_norm,
self_attn is attn, post_attention_layernorm is ffn_norm, mlp is ffn. The reference's RoPE angles
are float32 even for float64 inputs (as the rope drill asks), hence tolerances of ~1e-7."""
import pytest
import torch
import torch.nn.functional as F
from torch import nn

from reference.transformer_block import DecoderBlock


class LlamaRMSNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        variance = hidden_states.pow(2).mean(-1, keepdim=True)
        return self.weight * (hidden_states * torch.rsqrt(variance + self.variance_epsilon))


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin, unsqueeze_dim=1):
    cos = cos.unsqueeze(unsqueeze_dim)
    sin = sin.unsqueeze(unsqueeze_dim)
    return (q * cos) + (rotate_half(q) * sin), (k * cos) + (rotate_half(k) * sin)


def repeat_kv(hidden_states, n_rep):
    batch, num_key_value_heads, slen, head_dim = hidden_states.shape
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


class LlamaAttention(nn.Module):
    def __init__(self, hidden_size, num_heads, num_key_value_heads):
        super().__init__()
        self.head_dim = hidden_size // num_heads
        self.num_key_value_groups = num_heads // num_key_value_heads
        self.q_proj = nn.Linear(hidden_size, num_heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(hidden_size, num_key_value_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(hidden_size, num_key_value_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(num_heads * self.head_dim, hidden_size, bias=False)

    def forward(self, hidden_states, position_embeddings, attention_mask):
        input_shape = hidden_states.shape[:-1]
        hidden_shape = (*input_shape, -1, self.head_dim)
        query_states = self.q_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        key_states = self.k_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        value_states = self.v_proj(hidden_states).view(hidden_shape).transpose(1, 2)
        cos, sin = position_embeddings
        query_states, key_states = apply_rotary_pos_emb(query_states, key_states, cos, sin)
        key_states = repeat_kv(key_states, self.num_key_value_groups)          # eager_attention_forward
        value_states = repeat_kv(value_states, self.num_key_value_groups)
        attn_weights = torch.matmul(query_states, key_states.transpose(2, 3)) * self.head_dim ** -0.5
        attn_weights = attn_weights + attention_mask
        attn_weights = F.softmax(attn_weights, dim=-1, dtype=torch.float32).to(query_states.dtype)
        attn_output = torch.matmul(attn_weights, value_states).transpose(1, 2).contiguous()
        return self.o_proj(attn_output.reshape(*input_shape, -1).contiguous())


class LlamaMLP(nn.Module):
    def __init__(self, hidden_size, intermediate_size):
        super().__init__()
        self.gate_proj = nn.Linear(hidden_size, intermediate_size, bias=False)
        self.up_proj = nn.Linear(hidden_size, intermediate_size, bias=False)
        self.down_proj = nn.Linear(intermediate_size, hidden_size, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class LlamaDecoderLayer(nn.Module):
    def __init__(self, hidden_size, num_heads, num_key_value_heads, intermediate_size):
        super().__init__()
        self.self_attn = LlamaAttention(hidden_size, num_heads, num_key_value_heads)
        self.mlp = LlamaMLP(hidden_size, intermediate_size)
        self.input_layernorm = LlamaRMSNorm(hidden_size)
        self.post_attention_layernorm = LlamaRMSNorm(hidden_size)

    def forward(self, hidden_states, position_embeddings, attention_mask):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states = self.self_attn(hidden_states, position_embeddings, attention_mask)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.post_attention_layernorm(hidden_states)
        hidden_states = self.mlp(hidden_states)
        return residual + hidden_states


def rotary(positions, head_dim, dtype, base=10000.0):
    """LlamaRotaryEmbedding (default rope_type): cos, sin (1, S, head_dim)."""
    inv_freq = 1.0 / (base ** (torch.arange(0, head_dim, 2, dtype=torch.int64).to(torch.float64) / head_dim))
    freqs = positions.to(torch.float64)[None, :, None] * inv_freq[None, None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos().to(dtype), emb.sin().to(dtype)


NAMES = {"input_layernorm": "attn_norm", "self_attn": "attn", "post_attention_layernorm": "ffn_norm", "mlp": "ffn"}


def llama_like(block: DecoderBlock, dims) -> LlamaDecoderLayer:
    layer = LlamaDecoderLayer(*dims).to(block.attn_norm.weight.dtype)
    state = block.state_dict()
    layer.load_state_dict({k: state[NAMES[k.split(".")[0]] + k[len(k.split(".")[0]):]]
                           for k in layer.state_dict()}, strict=True)
    return layer


@pytest.mark.parametrize("B,S,d_model,n_heads,n_kv,d_ff", [(2, 5, 16, 4, 2, 32), (1, 7, 24, 6, 3, 40),
                                                           (3, 4, 16, 8, 1, 8), (2, 1, 8, 2, 2, 16),
                                                           (1, 20, 32, 4, 4, 86)])
@pytest.mark.parametrize("offset", [0, 13])
def test_agrees_with_llama_decoder_layer(B, S, d_model, n_heads, n_kv, d_ff, offset):
    torch.manual_seed(0)
    block = DecoderBlock(d_model, n_heads, n_kv, d_ff).double()
    with torch.no_grad():                                          # norm weights off 1, so forgetting one shows
        block.attn_norm.weight.normal_()
        block.ffn_norm.weight.normal_()
    layer = llama_like(block, (d_model, n_heads, n_kv, d_ff))
    x = torch.randn(B, S, d_model, dtype=torch.float64)
    positions = torch.arange(S) + offset
    causal = torch.full((S, S), float("-inf"), dtype=torch.float64).triu(1)
    with torch.no_grad():
        expected = layer(x, rotary(positions, d_model // n_heads, x.dtype), causal)
        got = block(x, positions)
    torch.testing.assert_close(got, expected, rtol=1e-6, atol=1e-7)


def test_float32():
    torch.manual_seed(1)
    block = DecoderBlock(32, 4, 2, 64)
    layer = llama_like(block.double(), (32, 4, 2, 64))
    x = torch.randn(2, 9, 32)
    positions = torch.arange(9) + 100
    with torch.no_grad():
        expected = layer(x.double(), rotary(positions, 8, torch.float64),
                         torch.full((9, 9), float("-inf"), dtype=torch.float64).triu(1))
        got = block.float()(x, positions)
    torch.testing.assert_close(got, expected.float(), rtol=1e-5, atol=1e-5)
