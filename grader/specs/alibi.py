"""alibi: two entries, the slopes and causal attention with the bias. Particular to it: head counts
that are and are not powers of two (the interpolation rule), slopes given to the attention as an
argument (ALiBi's own and arbitrary positive ones, so each part is graded on its own), S_q != S_k
aligned bottom-right, half precision, and the mistakes of the slope rule (non-power-of-2 counts,
the first exponent, the order) and of the bias (sign, on the query axis or missing — which the
softmax cannot tell apart —, scaled with the scores, broadcast over the batch)."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="ALiBi: attention with linear biases", zh="线性偏置注意力", topic="positions and blocks",
            difficulty="medium", minutes=15,
            oracle="transformers' BLOOM build_alibi_tensor (slopes and bias), F.scaled_dot_product_attention "
                   "with the bias as a float attn_mask")
HINTS = [
    "For a power of two n the slopes are 2^(-8/n) raised to 1, 2, ..., n: "
    "2 ** (-8 * torch.arange(1, n + 1) / n). Head 0 gets the largest.",
    "Otherwise take m = 2 ** floor(log2(n)): the m-head slopes, then slopes(2m)[0::2][:n - m] (every other "
    "one of twice as many heads, starting with the first). Check n = 6: [1/4, 1/16, 1/64, 1/256, 1/2, 1/8].",
    "The bias needs the distance of each (query, key) pair: pos = arange(S_q)[:, None] + (S_k - S_q), "
    "distance = pos - arange(S_k)[None, :], (S_q, S_k), made on q.device.",
    "scores = q @ k.transpose(-2, -1) / sqrt(D) - slopes[:, None, None] * distance (broadcast over the heads "
    "axis of (B, H, S_q, S_k)); then hide distance < 0 with -inf and softmax over the keys.",
]


# ---- alibi_slopes --------------------------------------------------------------------------------

def geometric(n):
    return [2.0 ** (-8.0 * i / n) for i in range(1, n + 1)]


def slopes_like(rule):
    """alibi_slopes written as a learner would, with one classic mistake."""
    def alibi_slopes(n_heads):
        first = 0 if rule == "from zero" else 1         # "from zero": exponents 0..n-1, head 0 gets 1

        def sequence(n):
            return [2.0 ** (-8.0 * i / n) for i in range(first, n + first)]
        m = 2 ** math.floor(math.log2(n_heads))
        if rule == "naive":                              # the power-of-two formula for every n
            s = sequence(n_heads)
        elif rule == "next power truncated":             # the next power of two's slopes, cut to n
            s = sequence(n_heads if m == n_heads else 2 * m)[:n_heads]
        elif rule == "consecutive extras":               # the first n - m of 2m heads' slopes
            s = sequence(m) + sequence(2 * m)[: n_heads - m]
        else:
            s = sequence(m) + sequence(2 * m)[0::2][: n_heads - m]
        return torch.tensor(s[::-1] if rule == "reversed" else s, dtype=torch.float32)
    return alibi_slopes


NON_POWER_OF_2 = ("slopes for a head count that is not a power of two: the first 2^k heads (2^k the largest "
                  "power of two below n) take the 2^k-head slopes, the other n - 2^k take every other slope "
                  "of 2^(k+1) heads (odd exponents 1, 3, 5, ...)")

SLOPES = Entry(
    "alibi_slopes",
    inputs=lambda draw: Case(args=(draw(st.integers(1, 160)),)),
    examples=[Case(args=(8,), label="the prompt's example"), Case(args=(6,), label="the prompt's example"),
              Case(args=(1,)), Case(args=(2,)), Case(args=(3,)), Case(args=(5,)), Case(args=(12,)),
              Case(args=(16,)), Case(args=(24,)), Case(args=(40,)), Case(args=(64,)), Case(args=(112,))],
    mistakes=[
        Mistake(NON_POWER_OF_2, like=slopes_like("naive"),
                hint="2^(-8i/n) holds only when n is a power of two. For n = 6: the 4-head slopes "
                     "[2^-2, 2^-4, 2^-6, 2^-8], then the 8-head slopes at odd exponents, [2^-1, 2^-3]."),
        Mistake(NON_POWER_OF_2, like=slopes_like("next power truncated")),
        Mistake(NON_POWER_OF_2, like=slopes_like("consecutive extras")),
        Mistake("slopes start at 2^(-8/n) for head 0 (exponents 1..n), not at 2^0 = 1", like=slopes_like("from zero")),
        Mistake("slopes in reverse order: head 0 takes the first of the sequence, 2^(-8/2^k)",
                like=slopes_like("reversed")),
    ],
    grad=False,
    device=False,             # an int in, a new CPU tensor out
)


# ---- alibi_attention -------------------------------------------------------------------------------

def keep_of(case):
    q, k = case.args[:2]
    return kit.causal_keep(q.shape[-2], k.shape[-2])


def graded(case, expected):
    return kit.rows_with_keys(keep_of(case), expected)


def true_slopes(H):
    m = 2 ** math.floor(math.log2(H))
    return torch.tensor((geometric(m) + geometric(2 * m)[0::2])[:H])


def tolerance_scale(slopes, S_k, scale):
    """Correct forms differ in rounding: a bias written slope · j (BLOOM's, equal up to a constant per
    query) is ~slope · S_k in size, its float32 rounding ~1e-7 of that moves the weights as much."""
    return max(1.0, scale, float(slopes.max()) * S_k / 100 if slopes.numel() else 0.0)


def qkv(seed, B, H, S_q, S_k, D, slopes=None, scale=1.0, label=""):
    q, k, v = seeded(seed, B, H, S_q, D, scale=scale), seeded(seed + 1, B, H, S_k, D, scale=scale), \
        seeded(seed + 2, B, H, S_k, D)
    slopes = true_slopes(H) if slopes is None else slopes
    return Case(args=(q, k, v, slopes), label=label, scale=tolerance_scale(slopes, S_k, scale))


def inputs(draw) -> Case:
    B, H = draw(st.integers(1, 2)), draw(st.integers(1, 4))
    S_k, D = draw(st.integers(1, 9)), draw(st.integers(1, 8))
    S_q = draw(st.one_of(st.just(S_k), st.integers(1, 9)))
    scale = draw(st.sampled_from([0.5, 1.0, 2.0]))
    if draw(st.booleans()):
        slopes = true_slopes(H)
    else:
        slopes = torch.rand(H, generator=kit.generator(draw)) * draw(st.sampled_from([0.1, 1.0, 3.0])) + 1e-3
    return Case(args=(randn(draw, B, H, S_q, D, scale=scale), randn(draw, B, H, S_k, D, scale=scale),
                      randn(draw, B, H, S_k, D), slopes), scale=tolerance_scale(slopes, S_k, scale))


def attention_like(sign=1.0, on_queries=False, scaled_bias=False, batch_axis=False, top_left=False,
                   causal=True, scale=None):
    """alibi_attention written as a learner would, with one classic mistake switched on."""
    def alibi_attention(q, k, v, slopes):
        S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
        pos = torch.arange(S_q, device=q.device)[:, None] + (0 if top_left else S_k - S_q)
        j = torch.arange(S_k, device=q.device)[None, :]
        distance = (pos - j) if causal else (pos - j).abs()
        if on_queries:
            distance = pos.expand(S_q, S_k)                 # the query's own position: the same for every key
        per_head = slopes.view(-1, 1, 1, 1) if batch_axis else slopes[:, None, None]
        bias = -sign * per_head * distance
        s = q @ k.transpose(-2, -1)
        s = (s + bias) / math.sqrt(D) if scaled_bias else s * (D ** -0.5 if scale is None else scale) + bias
        if causal:
            s = s.masked_fill(j > pos, float("-inf"))
        return torch.softmax(s, dim=-1) @ v
    return alibi_attention


ATTENTION = Entry(
    "alibi_attention",
    inputs=inputs,
    examples=[
        Case(args=(torch.zeros(1, 2, 3, 1), torch.zeros(1, 2, 3, 1),
                   torch.tensor([0.0, 1.0, 2.0]).view(1, 1, 3, 1).expand(1, 2, 3, 1).clone(),
                   torch.tensor([0.5, 0.0625])), label="the prompt's example"),
        qkv(1, 2, 2, 5, 5, 8, label="2 heads, ALiBi's slopes"),
        qkv(4, 1, 6, 3, 7, 4, label="6 heads (not a power of two), 3 queries after 4 cached keys"),
        qkv(7, 2, 3, 4, 4, 4, slopes=torch.tensor([1.5, 0.3, 0.02]), label="arbitrary slopes"),
        qkv(10, 1, 2, 6, 3, 4, label="S_q > S_k: the first 3 queries see no key (not graded, no NaN elsewhere)"),
        qkv(13, 2, 1, 1, 6, 8, label="one query (decoding) after 5 cached keys, one head"),
    ],
    extreme=[
        qkv(16, 2, 4, 6, 10, 16, scale=30.0, label="large scores (|q·k| ~ 1e4): exp must not overflow"),
        qkv(19, 1, 8, 512, 512, 16, label="512 tokens, 8 heads"),
        qkv(22, 1, 2, 2, 2048, 8, slopes=torch.tensor([2.0, 1e-3]), label="2 queries after 2046 cached keys"),
    ],
    invariants=[kit.last_key_reaches_last_query(graded), kit.qkv_slices_independent(graded)],
    mistakes=[
        Mistake("bias with the wrong sign: ALiBi subtracts slope · (i - j), so distant keys score lower",
                like=attention_like(sign=-1.0)),
        Mistake("the bias does not vary along the keys (put on the query axis, or missing): a constant per query "
                "cancels in the softmax; it must be -slope · (i - j) for key j", like=attention_like(on_queries=True),
                hint="softmax(s + c) = softmax(s) for a c shared by a query's keys: a bias of -slope · i changes "
                     "nothing. Use the distance i - j, a (S_q, S_k) matrix."),
        Mistake("bias divided by sqrt(D) together with the scores: add it after the 1/sqrt(D) scaling",
                like=attention_like(scaled_bias=True)),
        Mistake("slopes broadcast along the batch axis (slopes.view(-1, 1, 1, 1)): one slope per HEAD, "
                "slopes[:, None, None] against (B, H, S_q, S_k)", like=attention_like(batch_axis=True)),
        Mistake("causal mask aligned top-left (j <= i) instead of bottom-right (j <= i + S_k - S_q)",
                like=attention_like(top_left=True)),
        Mistake("no causal mask: the bias penalises distant keys but does not hide future ones",
                like=attention_like(causal=False)),
        Mistake(kit.UNSCALED, like=attention_like(scale=1.0)),
    ],
    graded=graded,
    half=True,
    loops=Loops(small=qkv(25, 2, 2, 5, 5, 4), large=qkv(25, 4, 8, 5, 5, 4), over="the batch and the heads"),
    speed=Speed(lambda seed: qkv(30 + 3 * seed, 256, 4, 16, 16, 8), limit=30.0),
)

DRILL = Drill(entries=[SLOPES, ATTENTION], banned=kit.ATTENTION_BANNED)
