"""The reference agrees with Hugging Face transformers' LlamaDecoderLayer (imported; the `test` extra
installs it), built from a small LlamaConfig with eager attention and carrying the same weights:
input_layernorm is attn_norm, self_attn is attn, post_attention_layernorm is ffn_norm, mlp is ffn.
Its cos/sin come from LlamaRotaryEmbedding and its causal mask is additive. RoPE angles are float32
even for float64 inputs, in the reference (as the rope drill asks) and in Hugging Face's, and the
eager attention takes its softmax in float32, hence tolerances of ~1e-7 rather than float64's ~1e-12."""
import pytest
import torch
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaDecoderLayer, LlamaRotaryEmbedding

from reference.transformer_block import DecoderBlock


def llama_config(d_model, n_heads, n_kv, d_ff):
    return LlamaConfig(hidden_size=d_model, num_attention_heads=n_heads, num_key_value_heads=n_kv,
                       intermediate_size=d_ff, hidden_act="silu", rms_norm_eps=1e-6, attention_bias=False,
                       mlp_bias=False, rope_parameters={"rope_type": "default", "rope_theta": 10000.0},
                       attn_implementation="eager")


def run_llama(layer: LlamaDecoderLayer, x: torch.Tensor, positions: torch.Tensor) -> torch.Tensor:
    """The layer over x (B, S, d_model) at the given positions, causal: cos/sin from LlamaRotaryEmbedding
    for the layer's config, and an additive mask with -inf above the diagonal."""
    S = x.shape[1]
    cos_sin = LlamaRotaryEmbedding(layer.self_attn.config)(x, positions[None])
    mask = torch.full((S, S), float("-inf"), dtype=x.dtype).triu(1)[None, None]
    return layer(x, attention_mask=mask, position_embeddings=cos_sin)


NAMES = {"input_layernorm": "attn_norm", "self_attn": "attn", "post_attention_layernorm": "ffn_norm", "mlp": "ffn"}


def llama_like(block: DecoderBlock, dims) -> LlamaDecoderLayer:
    layer = LlamaDecoderLayer(llama_config(*dims), layer_idx=0).to(block.attn_norm.weight.dtype).eval()
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
    with torch.no_grad():
        expected = run_llama(layer, x, positions)
        got = block(x, positions)
    torch.testing.assert_close(got, expected, rtol=1e-6, atol=1e-7)


def test_float32():
    torch.manual_seed(1)
    block = DecoderBlock(32, 4, 2, 64)
    layer = llama_like(block.double(), (32, 4, 2, 64))
    x = torch.randn(2, 9, 32)
    positions = torch.arange(9) + 100
    with torch.no_grad():
        expected = run_llama(layer, x.double(), positions)
        got = block.float()(x, positions)
    torch.testing.assert_close(got, expected.float(), rtol=1e-5, atol=1e-5)
