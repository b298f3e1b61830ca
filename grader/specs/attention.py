"""attention: one function over any leading (batch, head) dims. Particular to it: S_q != S_k with
the causal mask aligned bottom-right, masks of every shape that broadcasts to (..., S_q, S_k),
queries left with no key not graded (but no NaN elsewhere), half precision, and the mistakes of
scaling, mask polarity and alignment, the softmax's axis, overflow, and a -1e9 float16 cannot hold."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="Scaled dot-product attention", zh="缩放点积注意力", topic="attention",
            difficulty="easy", minutes=10,
            follow_ups=[{"ask": "Your scores matrix is S_q x S_k. Now compute the same thing block by block without ever materialising it.", "drill": "flash_attention"}],
            oracle="F.scaled_dot_product_attention")
HINTS = [
    "scores = q @ k.transpose(-2, -1) / sqrt(D) is (..., S_q, S_k): one row per query, one column per key. "
    "matmul broadcasts over the leading dims, so no loop is needed.",
    "Hide a key by setting its score to -inf before the softmax (masked_fill with ~mask): exp(-inf) = 0. "
    "The softmax runs over the keys, dim=-1.",
    "Bottom-right causal: keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device).tril(S_k - S_q); "
    "combine it with `mask` by &.",
    "softmax(scores.masked_fill(~keep, float('-inf')), dim=-1) @ v",
]


def mask_for(draw, lead: tuple, s_q: int, s_k: int):
    """None, or a bool mask of a shape that broadcasts to (*lead, S_q, S_k): any dim may be 1 and
    leading dims may be left out. Mostly every query keeps key 0; sometimes a query keeps none."""
    if draw(st.integers(0, 2)) == 0:
        return None
    full = (*lead, s_q, s_k)
    shape = [draw(st.sampled_from([n, 1])) for n in full][draw(st.integers(0, len(full) - 1)):]
    m = torch.rand(*shape, generator=kit.generator(draw)) < 0.7
    if draw(st.integers(0, 3)):
        m[..., 0] = True
    return m


def inputs(draw) -> Case:
    lead = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
    s_q, s_k = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    d, d_v = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    q = randn(draw, *lead, s_q, d, scale=draw(st.sampled_from([0.5, 1.0, 2.0])))
    k, v = randn(draw, *lead, s_k, d), randn(draw, *lead, s_k, d_v)
    return Case(args=(q, k, v), kwargs={"mask": mask_for(draw, lead, s_q, s_k), "causal": draw(st.booleans())})


def qkv(seed, lead, s_q, s_k, d, d_v=None, mask=None, causal=False, label="", scale=1.0):
    q, k = seeded(seed, *lead, s_q, d, scale=scale), seeded(seed + 1, *lead, s_k, d, scale=scale)
    return Case(args=(q, k, seeded(seed + 2, *lead, s_k, d_v or d)), kwargs={"mask": mask, "causal": causal},
                label=label, scale=max(1.0, scale))


# ---- classic mistakes, written as a learner would ----------------------------------------------

def attention_like(scale="1/sqrt(D)", mask_inverted=False, top_left=False, softmax_dim=-1, subtract_max=True):
    """attention, or one of its classic mistakes."""
    def attention(q, k, v, mask=None, causal=False):
        S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
        scores = q @ k.transpose(-2, -1) * {"1/sqrt(D)": D ** -0.5, "1/D": 1 / D, "none": 1.0}[scale]
        keep = torch.ones(S_q, S_k, dtype=torch.bool, device=q.device)
        if causal:
            keep = keep.tril(0 if top_left else S_k - S_q)
        if mask is not None:
            keep = keep & (~mask if mask_inverted else mask)
        scores = scores.masked_fill(~keep, float("-inf"))
        if subtract_max:
            weights = torch.softmax(scores, dim=softmax_dim)
        else:
            e = scores.exp()
            weights = e / e.sum(-1, keepdim=True)
        return weights @ v
    return attention


DRILL = Drill(entries=[Entry(
    "attention",
    inputs=inputs,
    examples=[
        Case(args=(torch.tensor([[1.0, 0.0], [0.0, 1.0]]), torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
                   torch.tensor([[1.0, 0.0], [0.0, 1.0], [2.0, 2.0]])),
             kwargs={"mask": None, "causal": False}, label="the prompt's example"),
        qkv(1, (2, 2), 3, 6, 4, 5, causal=True, label="causal, S_q < S_k: aligned bottom-right"),
        qkv(4, (2,), 5, 5, 4, mask=torch.tensor([[True, True, False, True, False]] * 5),
            label="(S_q, S_k) mask shared by the batch"),
        qkv(7, (3, 2), 4, 4, 8, mask=torch.tensor([[True] * 4, [True, True, True, False], [True, False, False, False]])
            .view(3, 1, 1, 4), causal=True, label="padding mask (B, 1, 1, S_k) and causal"),
        qkv(10, (1,), 1, 1, 3, 2, causal=True, label="S_q = S_k = 1"),
        qkv(37, (2,), 5, 3, 4, causal=True,
            label="causal, S_q > S_k: the first 2 queries see no key (not graded, no NaN elsewhere)"),
        qkv(13, (4,), 4, 7, 2, 6, label="D_v != D, S_q != S_k"),
        qkv(16, (), 3, 5, 4, mask=torch.tensor([True, False, True, True, False]),
            label="a (S_k,) mask: the same keys hidden from every query"),
        qkv(19, (2, 3), 4, 6, 4, mask=torch.rand(1, 3, 4, 6, generator=torch.Generator().manual_seed(0)) < 0.7,
            causal=True, label="a (1, H, S_q, S_k) mask broadcast over the batch, causal, S_q < S_k"),
    ],
    extreme=[
        qkv(22, (2,), 3, 5, 16, 4, scale=30.0, label="large scores (|q·k| ~ 1e4): exp must not overflow"),
        qkv(25, (2,), 4, 2048, 16, 8, causal=True, label="2048 keys, causal"),
        qkv(28, (2,), 6, 3, 4, causal=True,
            label="causal, S_q > S_k: the first 3 queries see no key (not graded, no NaN elsewhere)"),
        qkv(31, (2,), 3, 4, 4, mask=torch.tensor([[True, False, True, True], [False] * 4, [True, True, False, False]]),
            label="query 1 has every key masked (not graded, no NaN elsewhere)"),
    ],
    invariants=[kit.bottom_right_causality(), kit.slices_independent()],
    mistakes=[
        Mistake("scores not scaled by 1/sqrt(D)", like=attention_like(scale="none")),
        Mistake("scores scaled by 1/D instead of 1/sqrt(D)", like=attention_like(scale="1/D")),
        Mistake("mask polarity inverted: True means 'may attend', so hide where the mask is False",
                like=attention_like(mask_inverted=True)),
        Mistake("causal mask aligned top-left (tril() without the S_k - S_q offset); with S_q != S_k it must "
                "be aligned bottom-right", like=attention_like(top_left=True)),
        Mistake("softmax over the queries (dim=-2) instead of over the keys (dim=-1)",
                like=attention_like(softmax_dim=-2)),
        Mistake("softmax without subtracting the max (exp overflows)", like=attention_like(subtract_max=False)),
        Mistake("an input changed in place (q /= sqrt(D) edits the caller's tensor): scale the scores, or "
                "make a new q = q / sqrt(D)", check="inputs unchanged"),
        Mistake("masked with a constant like -1e9 that float16 cannot hold: use float('-inf') or "
                "torch.finfo(scores.dtype).min", error=r"cannot be converted to type (at|c10)::Half without overflow"),
    ],
    graded=kit.queries_with_keys_graded,
    half=True,
    loops=Loops(small=qkv(34, (2, 3), 3, 5, 4, 2, mask=torch.ones(2, 3, 3, 5, dtype=torch.bool), causal=True),
                large=qkv(34, (5, 4), 3, 5, 4, 2, mask=torch.ones(5, 4, 3, 5, dtype=torch.bool), causal=True),
                over="the leading (batch, head) dims"),
    speed=Speed(lambda seed: qkv(40 + 3 * seed, (512, 2), 8, 8, 8, causal=True), limit=30.0),
)], banned=kit.ATTENTION_BANNED)
