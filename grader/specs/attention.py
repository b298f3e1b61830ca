import math

from hypothesis import strategies as st

import torch

from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, random_mask, seeded
from grader.counting import same_calls, torch_calls
from reference.attention import attention

META = dict(title="Scaled dot-product attention", zh="缩放点积注意力", topic="attention",
            difficulty="easy", minutes=10,
            follow_ups=[{"ask": "Your scores matrix is S_q x S_k. Now compute the same thing block by block without ever materialising it.", "drill": "flash_attention"}])
HINTS = [
    "scores = q @ k.transpose(-2, -1) / sqrt(D) is (..., S_q, S_k): one row per query, one column per key. "
    "matmul broadcasts over the leading dims, so no loop is needed.",
    "Hide a key by setting its score to -inf before the softmax (masked_fill with ~mask): exp(-inf) = 0. "
    "The softmax runs over the keys, dim=-1.",
    "Bottom-right causal: keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q); "
    "combine it with `mask` by &.",
    "softmax(scores.masked_fill(~keep, float('-inf')), dim=-1) @ v",
]

# "as `attention`" in the catalogue: the mha and gqa declarations import this list
BANNED = ["torch.nn.functional.scaled_dot_product_attention", "torch._scaled_dot_product_attention_math",
          "torch._scaled_dot_product_flash_attention_for_cpu", "torch._scaled_dot_product_flash_attention",
          "torch._scaled_dot_product_efficient_attention", "torch._native_multi_head_attention",
          "torch.nn.functional.multi_head_attention_forward", "torch.nn.MultiheadAttention"]


def inputs(draw) -> Case:
    lead = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    s_q, s_k = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    d, d_v = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    causal = draw(st.booleans())
    if causal:
        s_q = min(s_q, s_k)   # S_q > S_k leaves queries that see no key: those are in `extreme`
    q = randn(draw, *lead, s_q, d, scale=draw(st.sampled_from([0.5, 1.0, 2.0])))
    k, v = randn(draw, *lead, s_k, d), randn(draw, *lead, s_k, d_v)
    kind = draw(st.sampled_from(["none", "(S_q, S_k)", "per batch", "padding"]))
    mask = None   # random_mask keeps key 0 for every query, so no query is left without keys
    if kind == "(S_q, S_k)":
        mask = random_mask(draw, s_q, s_k)
    elif kind == "per batch":
        mask = random_mask(draw, *lead, s_q, s_k)
    elif kind == "padding":
        mask = random_mask(draw, *lead, 1, s_k)
    return Case(args=(q, k, v), kwargs={"mask": mask, "causal": causal})


def allowed(case: Case) -> torch.Tensor:
    """(..., S_q, S_k) bool: which key each query may attend, from the drill's definition."""
    q, k, _ = case.args
    s_q, s_k = q.shape[-2], k.shape[-2]
    keep = torch.ones(s_q, s_k, dtype=torch.bool)
    if case.kwargs.get("causal"):
        keep = keep.tril(s_k - s_q)
    mask = case.kwargs.get("mask")
    return keep if mask is None else keep & mask.cpu()


def graded(case: Case, expected: torch.Tensor) -> torch.Tensor:
    """Queries that may attend no key at all are not graded."""
    return allowed(case).any(-1, keepdim=True).expand_as(expected)


def future_keys_ignored(call, case):
    q, k, v = case.args
    s_q, s_k = q.shape[-2], k.shape[-2]
    t = s_q // 2                      # queries 0..t-1 see keys j <= i + S_k - S_q < p
    p = s_k - s_q + t
    if t == 0 or s_q > s_k:
        return
    causal = Case(args=case.args, kwargs=case.kwargs | {"causal": True})
    later = [x.clone() for x in case.args]
    for x in later[1:]:
        x[..., p:, :] += 1.0 + x[..., p:, :].abs()
    a = call(causal)
    b = call(Case(args=tuple(later), kwargs=causal.kwargs))
    if not torch.allclose(a[..., :t, :], b[..., :t, :], atol=1e-5, equal_nan=True):
        raise Fail(f"with causal=True (S_q={s_q}, S_k={s_k}), changing keys and values {p}..{s_k - 1} changed "
                   f"the outputs of queries 0..{t - 1}; query i may only see keys j <= i + {s_k - s_q}")


def batch_independent(call, case):
    q, k, v = case.args
    if q.dim() < 3 or q.shape[0] < 2:
        return
    other = [x.clone() for x in case.args]
    for x in other:
        x[0] = -3.0 * x[0] + 1.0
    a, b = call(case), call(Case(args=tuple(other), kwargs=case.kwargs))
    if not torch.allclose(a[1:], b[1:], atol=1e-5, equal_nan=True):
        raise Fail("changing batch element 0 changed the outputs of the other batch elements")


def no_loop_over_leading_dims(module):
    counts = {}
    for lead in [(2, 3), (5, 4)]:
        q, k, v = seeded(1, *lead, 3, 4), seeded(2, *lead, 5, 4), seeded(3, *lead, 5, 2)
        mask = torch.ones(*lead, 3, 5, dtype=torch.bool)
        counts[f"q {(*lead, 3, 4)}"] = torch_calls(lambda: module.attention(q, k, v, mask=mask, causal=True))
    same_calls(counts, "the leading (batch, head) dims")


# ---- classic mistakes, as implementations ------------------------------------------------------

def unscaled(q, k, v, mask=None, causal=False):
    return attention(q * math.sqrt(q.shape[-1]), k, v, mask=mask, causal=causal)


def scaled_by_d(q, k, v, mask=None, causal=False):
    return attention(q / math.sqrt(q.shape[-1]), k, v, mask=mask, causal=causal)


def mask_inverted(q, k, v, mask=None, causal=False):
    return attention(q, k, v, mask=None if mask is None else ~mask, causal=causal)


def causal_top_left(q, k, v, mask=None, causal=False):
    if causal:
        top_left = torch.ones(q.shape[-2], k.shape[-2], dtype=torch.bool).tril()
        mask = top_left if mask is None else mask & top_left
    return attention(q, k, v, mask=mask)


def softmax_over_queries(q, k, v, mask=None, causal=False):
    keep = allowed(Case(args=(q, k, v), kwargs={"mask": mask, "causal": causal}))
    scores = (q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])).masked_fill(~keep, float("-inf"))
    return torch.softmax(scores, dim=-2) @ v


def no_max_subtracted(q, k, v, mask=None, causal=False):
    keep = allowed(Case(args=(q, k, v), kwargs={"mask": mask, "causal": causal}))
    e = (q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])).exp() * keep
    return e / e.sum(-1, keepdim=True) @ v


DRILL = Drill(
    entry="attention",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[1.0, 0.0], [0.0, 1.0]]), torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
                   torch.tensor([[1.0, 0.0], [0.0, 1.0], [2.0, 2.0]])),
             kwargs={"mask": None, "causal": False}, label="the prompt's example"),
        Case(args=(seeded(1, 2, 2, 3, 4), seeded(2, 2, 2, 6, 4), seeded(3, 2, 2, 6, 5)),
             kwargs={"mask": None, "causal": True}, label="causal, S_q < S_k: aligned bottom-right"),
        Case(args=(seeded(4, 2, 5, 4), seeded(5, 2, 5, 4), seeded(6, 2, 5, 4)),
             kwargs={"mask": torch.tensor([[True, True, False, True, False]] * 5), "causal": False},
             label="(S_q, S_k) mask shared by the batch"),
        Case(args=(seeded(7, 3, 2, 4, 8), seeded(8, 3, 2, 4, 8), seeded(9, 3, 2, 4, 8)),
             kwargs={"mask": torch.tensor([[True] * 4, [True, True, True, False], [True, False, False, False]])
                     .view(3, 1, 1, 4), "causal": True}, label="padding mask (B, 1, 1, S_k) and causal"),
        Case(args=(seeded(10, 1, 3), seeded(11, 1, 3), seeded(12, 1, 2)),
             kwargs={"mask": None, "causal": True}, label="S_q = S_k = 1"),
        Case(args=(seeded(13, 4, 4, 2), seeded(14, 4, 7, 2), seeded(15, 4, 7, 6)),
             kwargs={"mask": None, "causal": False}, label="D_v != D, S_q != S_k"),
    ],
    extreme=[
        Case(args=(seeded(16, 2, 3, 16, scale=30.0), seeded(17, 2, 5, 16, scale=30.0), seeded(18, 2, 5, 4)),
             kwargs={"mask": None, "causal": False}, label="large scores (|q·k| ~ 1e4): exp must not overflow"),
        Case(args=(seeded(19, 2, 4, 16), seeded(20, 2, 2048, 16), seeded(21, 2, 2048, 8)),
             kwargs={"mask": None, "causal": True}, label="2048 keys, causal"),
        Case(args=(seeded(22, 2, 6, 4), seeded(23, 2, 3, 4), seeded(24, 2, 3, 4)),
             kwargs={"mask": None, "causal": True},
             label="causal, S_q > S_k: the first 3 queries see no key (not graded, no NaN elsewhere)"),
        Case(args=(seeded(25, 2, 3, 4), seeded(26, 2, 4, 4), seeded(27, 2, 4, 4)),
             kwargs={"mask": torch.tensor([[True, False, True, True], [False] * 4, [True, True, False, False]]),
                     "causal": False}, label="query 1 has every key masked (not graded, no NaN elsewhere)"),
    ],
    invariants=[Invariant("causality", future_keys_ignored),
                Invariant("batch independence", batch_independent)],
    custom=[Custom("no loop over batch or heads", no_loop_over_leading_dims)],
    mistakes=[
        Mistake("scores not scaled by 1/sqrt(D)", like=unscaled),
        Mistake("scores scaled by 1/D instead of 1/sqrt(D)", like=scaled_by_d),
        Mistake("mask polarity inverted: True means 'may attend', so hide where the mask is False",
                like=mask_inverted),
        Mistake("causal mask aligned top-left (tril() without the S_k - S_q offset); with S_q != S_k it must "
                "be aligned bottom-right", like=causal_top_left),
        Mistake("softmax over the queries (dim=-2) instead of over the keys (dim=-1)", like=softmax_over_queries),
        Mistake("softmax without subtracting the max (exp overflows)", like=no_max_subtracted),
        Mistake("masked with a constant like -1e9 that float16 cannot hold: use float('-inf') or "
                "torch.finfo(scores.dtype).min", error=r"cannot be converted to type (at|c10)::Half without overflow"),
    ],
    banned=BANNED,
    graded=graded,
    half=True,
    speed=lambda: Case(args=(seeded(28, 512, 2, 8, 8), seeded(29, 512, 2, 8, 8), seeded(30, 512, 2, 8, 8)),
                       kwargs={"mask": None, "causal": True}),
    speed_limit=8.0,
)
