"""The reference agrees with transformers' own mask builders (masking_utils: sdpa_mask for the
boolean (B, 1, S_q, S_k) mask, eager_mask for the additive one, queries placed after the cached keys
with q_offset = S_k - S_q; the `test` extra installs transformers), and with explicit double loops
over queries and keys written here from the prompt's rules."""
import pytest
import torch

from reference.attention_mask import additive_mask, attention_mask


def hf_mask_function(causal: bool, window):
    from transformers import masking_utils as mu
    if window is not None:
        return mu.sliding_window_causal_mask_function(window)
    return mu.causal_mask_function if causal else mu.bidirectional_mask_function


def hf_bool(padding_mask, q_len, causal, window):
    from transformers.masking_utils import sdpa_mask
    B, S_k = padding_mask.shape
    return sdpa_mask(batch_size=B, q_length=q_len, kv_length=S_k, q_offset=S_k - q_len,
                     mask_function=hf_mask_function(causal, window), attention_mask=padding_mask,
                     allow_is_causal_skip=False)


def hf_additive(padding_mask, q_len, causal, window, dtype):
    from transformers.masking_utils import eager_mask
    B, S_k = padding_mask.shape
    return eager_mask(batch_size=B, q_length=q_len, kv_length=S_k, q_offset=S_k - q_len,
                      mask_function=hf_mask_function(causal, window), attention_mask=padding_mask, dtype=dtype)


def loops(padding_mask, q_len, causal, window):
    B, S_k = padding_mask.shape
    out = torch.zeros(B, 1, q_len, S_k, dtype=torch.bool)
    for b in range(B):
        for i in range(q_len):
            p = i + S_k - q_len
            for j in range(S_k):
                out[b, 0, i, j] = bool(padding_mask[b, j]) and (not causal or j <= p) and \
                    (window is None or j > p - window)
    return out


def paddings(B, S, seed):
    g = torch.Generator().manual_seed(seed)
    lengths = torch.randint(0, S + 1, (B,), generator=g)
    right = torch.arange(S)[None, :] < lengths[:, None]
    return [torch.ones(B, S, dtype=torch.bool), right, right.flip(-1), torch.rand(B, S, generator=g) < 0.6]


SHAPES = [(1, 1, 1), (2, 5, 5), (3, 8, 8), (2, 3, 9), (2, 1, 12), (1, 16, 16), (2, 7, 10)]


@pytest.mark.parametrize("B,q_len,S_k", SHAPES)
@pytest.mark.parametrize("causal,window", [(False, None), (True, None), (True, 1), (True, 2), (True, 3), (True, 20)])
def test_bool_mask_agrees_with_hf_and_loops(B, q_len, S_k, causal, window):
    for padding_mask in paddings(B, S_k, seed=B * 100 + q_len * 10 + S_k):
        got = attention_mask(padding_mask, q_len, causal, window)
        assert got.dtype == torch.bool and got.shape == (B, 1, q_len, S_k)
        assert torch.equal(got, loops(padding_mask, q_len, causal, window))
        assert torch.equal(got, hf_bool(padding_mask, q_len, causal, window))


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32, torch.float64])
@pytest.mark.parametrize("B,q_len,S_k", SHAPES[1:5])
def test_additive_mask_agrees_with_hf_eager_mask(dtype, B, q_len, S_k):
    for padding_mask in paddings(B, S_k, seed=7 + S_k):
        for causal, window in [(False, None), (True, None), (True, 2)]:
            got = additive_mask(attention_mask(padding_mask, q_len, causal, window), dtype)
            want = hf_additive(padding_mask, q_len, causal, window, dtype)
            assert got.dtype == dtype
            assert torch.equal(got, want)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32, torch.float64])
def test_fully_hidden_rows_softmax_to_uniform_not_nan(dtype):
    padding_mask = torch.tensor([[False, False, True, True]])            # left padding: query 0 sees no key
    add = additive_mask(attention_mask(padding_mask, 4, causal=True), dtype)
    scores = torch.randn(1, 2, 4, 4, generator=torch.Generator().manual_seed(0))
    probs = torch.softmax(scores.double() + add.double(), -1)
    assert not probs.isnan().any()
    assert torch.equal(add[0, 0, 0], torch.full((4,), torch.finfo(dtype).min, dtype=dtype))
