"""sliding_window_attention: one function on (B, H, S, D) tensors. Particular to it: windows from 1
to past S_k (drawn, and at the edges), S_q != S_k with positions aligned bottom-right (queries after a
KV cache), queries left with no key not graded, a check that a key changes only the outputs of the
queries whose window holds it, half precision, and the mistakes of the band (off by one either way,
no causality, top-left positions, the window ignored) beside those of scaled softmax attention."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Sliding-window attention", zh="滑动窗口注意力", topic="attention", difficulty="easy",
            minutes=10, oracle="F.scaled_dot_product_attention with an explicit band mask (the band of "
                               "transformers' sliding_window_causal_mask_function)")
HINTS = [
    "This is causal attention with one more condition on each (query, key) pair: build a (S_q, S_k) "
    "bool mask of the allowed pairs and fill the other scores with -inf before the softmax.",
    "Positions: key j is at j, query i at pos = i + (S_k - S_q). Make pos = torch.arange(S_q)[:, None] "
    "+ (S_k - S_q) and j = torch.arange(S_k)[None, :] on q.device: they broadcast to (S_q, S_k).",
    "Allowed: j <= pos (causal) and j > pos - window (at most `window` keys, the query's own included). "
    "Check window=1: each query sees only itself.",
    "scores = q @ k.transpose(-2, -1) / sqrt(D); scores.masked_fill(~keep, float('-inf')); "
    "torch.softmax(scores, dim=-1) @ v",
]


def keep_of(case: Case) -> torch.Tensor:
    q, k = case.args[:2]
    return kit.band_keep(q.shape[-2], k.shape[-2], case.args[3])


def graded(case: Case, expected):
    return kit.rows_with_keys(keep_of(case), expected)


def qkv(seed, B, H, S_q, S_k, D, window, scale=1.0, label=""):
    q, k, v = seeded(seed, B, H, S_q, D, scale=scale), seeded(seed + 1, B, H, S_k, D, scale=scale), \
        seeded(seed + 2, B, H, S_k, D)
    return Case(args=(q, k, v, window), label=label, scale=max(1.0, scale))


def inputs(draw) -> Case:
    B, H = draw(st.integers(1, 2)), draw(st.integers(1, 3))
    S_k, D = draw(st.integers(1, 9)), draw(st.integers(1, 8))
    S_q = draw(st.one_of(st.just(S_k), st.integers(1, 9)))          # mostly self-attention shapes
    scale = draw(st.sampled_from([0.5, 1.0, 2.0]))
    q, k, v = randn(draw, B, H, S_q, D, scale=scale), randn(draw, B, H, S_k, D, scale=scale), randn(draw, B, H, S_k, D)
    return Case(args=(q, k, v, draw(st.integers(1, S_k + 2))), scale=max(1.0, scale))


# ---- invariants (no reference needed) ----------------------------------------------------------

def one_key_reaches_its_window(call, case):
    """Changing key (and value) j changes the outputs of exactly the queries whose window holds j."""
    q, k, v, window = case.args
    j = k.shape[-2] // 2
    k2, v2 = k.clone(), v.clone()
    k2[..., j, :], v2[..., j, :] = -2.0 * k[..., j, :] + 1.0, v[..., j, :] + 3.0
    a = call(case).detach()
    b = call(Case(args=(q, k2, v2, window), scale=case.scale)).detach()
    keep = keep_of(case)
    rows = keep.any(-1) & ~keep[:, j]                 # graded queries that may not see key j
    if a.shape != b.shape or a.shape[-2] != q.shape[-2]:
        raise Fail(f"expected an output of q's shape {tuple(q.shape)}, got {tuple(a.shape)}")
    moved = ~torch.isclose(a, b, rtol=1e-4, atol=1e-5 * case.scale, equal_nan=True).all(-1)   # (B, H, S_q)
    bad = moved[..., rows].any((0, 1)) if rows.any() else torch.zeros(0, dtype=torch.bool)
    if bad.any():
        i = rows.nonzero().flatten()[bad.nonzero()[0]].item()
        pos = i + k.shape[-2] - q.shape[-2]
        raise Fail(f"changing key {j} changed the output of query {i} (at position {pos}) with window={window}: "
                   f"it may only see keys {max(0, pos - window + 1)}..{pos}")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def window_like(widen=0, causal=True, top_left=False, window_ignored=False, scale=None, softmax_dim=-1,
                subtract_max=True):
    """sliding_window_attention with one classic mistake switched on."""
    def sliding_window_attention(q, k, v, window):
        S_q, S_k = q.shape[-2], k.shape[-2]
        keep = kit.band_keep(S_q, S_k, S_k + 1 if window_ignored else window, q.device, widen=widen,
                             causal=causal, top_left=top_left)
        return kit.masked_attention(q, k, v, keep, scale=scale, softmax_dim=softmax_dim, subtract_max=subtract_max)
    return sliding_window_attention


DRILL = Drill(entries=[Entry(
    "sliding_window_attention",
    inputs=inputs,
    examples=[
        Case(args=(torch.ones(1, 1, 4, 1), torch.tensor([0.0, 1.0, 2.0, 3.0]).view(1, 1, 4, 1),
                   torch.tensor([10.0, 20.0, 30.0, 40.0]).view(1, 1, 4, 1), 2), label="the prompt's example"),
        qkv(1, 2, 2, 6, 6, 8, 3, label="window 3 over 6 tokens"),
        qkv(4, 1, 2, 3, 7, 4, 2, label="3 queries after 4 cached keys: positions 4, 5, 6"),
        qkv(7, 2, 1, 5, 5, 4, 1, label="window 1: each query sees only itself"),
        qkv(10, 1, 1, 4, 4, 2, 9, label="window larger than the sequence: plain causal attention"),
        qkv(13, 1, 2, 6, 3, 4, 2, label="S_q > S_k: the first 3 queries see no key (not graded, no NaN elsewhere)"),
        qkv(16, 2, 2, 1, 7, 8, 4, label="one query (decoding) after 6 cached keys"),
        qkv(19, 1, 1, 5, 5, 4, 5, label="window == S_k: plain causal attention"),
    ],
    extreme=[
        qkv(22, 2, 2, 6, 10, 16, 4, scale=30.0, label="large scores (|q·k| ~ 1e4): exp must not overflow"),
        qkv(25, 1, 2, 1024, 1024, 16, 128, label="1024 tokens, window 128"),
        qkv(28, 2, 1, 2, 2048, 8, 512, label="2 queries after 2046 cached keys, window 512"),
    ],
    invariants=[Invariant("a key reaches only the queries whose window holds it", one_key_reaches_its_window),
                kit.qkv_slices_independent(graded)],
    mistakes=[
        Mistake(kit.WINDOW_OFF_BY_ONE, like=window_like(widen=1),
                hint="Count the keys query i sees: with p - window < j <= p there are exactly `window` of them, "
                     "the query's own key included. window=1 must leave each query only itself."),
        Mistake(kit.WINDOW_OFF_BY_ONE, like=window_like(widen=-1)),
        Mistake(kit.WINDOW_NOT_CAUSAL, like=window_like(causal=False),
                hint="The window is a band BELOW the diagonal: keep j <= p (causal) as well as j > p - window."),
        Mistake(kit.WINDOW_TOP_LEFT, like=window_like(top_left=True)),
        Mistake("window ignored: every earlier key is visible (plain causal attention)",
                like=window_like(window_ignored=True)),
        Mistake(kit.UNSCALED, like=window_like(scale=1.0)),
        Mistake(kit.SOFTMAX_OVER_QUERIES, like=window_like(softmax_dim=-2)),
        Mistake(kit.NO_MAX, like=window_like(subtract_max=False)),
        Mistake("an input changed in place (q /= sqrt(D) edits the caller's tensor): make a new tensor",
                check="inputs unchanged"),
    ],
    graded=graded,
    half=True,
    loops=Loops(small=qkv(31, 2, 2, 5, 5, 4, 2), large=qkv(31, 4, 3, 9, 9, 4, 2),
                over="the batch, the heads and the queries"),
    speed=Speed(lambda seed: qkv(40 + 3 * seed, 256, 2, 16, 16, 8, 4), limit=30.0),
)], banned=kit.ATTENTION_BANNED)
