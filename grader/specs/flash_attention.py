from hypothesis import strategies as st

import torch
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded

META = dict(title="FlashAttention forward with online softmax", zh="在线softmax", topic="attention",
            difficulty="hard", minutes=30)
HINTS = [
    "Start from softmax(s) @ v for one block of keys, then ask: how do I merge the next block's result "
    "without going back to the scores of the first one?",
    "Keep m, l (B, H, S_q, 1) and acc (B, H, S_q, D). For each block: m_new = max(m, s.amax(-1)); "
    "p = exp(s - m_new); alpha = exp(m - m_new); l = alpha * l + p.sum(-1); acc = alpha * acc + p @ v_block.",
    "Start m at -inf. A row whose keys are all masked so far has m_new = -inf, and -inf - (-inf) is NaN: "
    "subtract 0 instead for those rows, and divide by 1 where l is still 0.",
    "Causal, bottom-right: key j is visible to query i iff j <= i + (S_k - S_q); build the block's mask from "
    "torch.arange(start, start + block) and torch.arange(S_q) on q.device, and fill masked scores with -inf.",
]


def visible(case) -> torch.Tensor:
    """(S_q,) True for the query rows that see at least one key (the graded ones)."""
    S_q, S_k = case.args[0].shape[-2], case.args[1].shape[-2]
    rows = torch.ones(S_q, dtype=torch.bool)
    if case.kwargs.get("causal"):
        rows = torch.arange(S_q) + (S_k - S_q) >= 0
    return rows


def graded(case, expected):
    return visible(case)[:, None].expand(expected.shape)


def attention_case(q, k, v, causal, block_size, scale=1.0, label=""):
    # float rounding in scores of size scale² moves outputs of size scale: errors grow like scale³
    return Case(args=(q, k, v), kwargs={"causal": causal, "block_size": block_size},
                scale=max(1.0, scale ** 3), label=label)


def inputs(draw) -> Case:
    B, H = draw(st.integers(1, 2)), draw(st.integers(1, 3))
    S_q, S_k, D = draw(st.integers(1, 9)), draw(st.integers(1, 9)), draw(st.integers(1, 8))
    scale = draw(st.sampled_from([0.5, 1.0, 2.0]))
    q, k, v = (randn(draw, B, H, S, D, scale=scale) for S in (S_q, S_k, S_k))
    return attention_case(q, k, v, draw(st.booleans()), draw(st.integers(1, 5)), scale)


def with_args(case, q, k, v, **kwargs) -> Case:
    return Case(args=(q, k, v), kwargs=case.kwargs | kwargs, scale=case.scale)


def differs(a, b, rows) -> float:
    """The largest difference over the graded query rows (NaN counts as a difference)."""
    diff = (a[..., rows, :] - b[..., rows, :]).abs().nan_to_num(float("inf"))
    return diff.max().item() if diff.numel() else 0.0


def future_keys_ignored(call, case):
    q, k, v = case.args
    causal = with_args(case, q, k, v, causal=True)
    k2, v2 = k.clone(), v.clone()
    k2[..., -1, :] += 3.0                              # only the last key and value change
    v2[..., -1, :] -= 5.0
    rows = visible(causal).clone()
    rows[-1] = False                                   # the last query is the only one that sees that key
    d = differs(call(causal), call(with_args(case, q, k2, v2, causal=True)), rows)
    if d > 1e-5 * case.scale:
        raise Fail(f"with causal=True, changing the last key and value changed the output of an earlier "
                   f"query by {d:.2g}: query i may only see keys j <= i + (S_k - S_q)")


def block_size_invariant(call, case):
    q, k, v = case.args
    a = call(case)
    b = call(with_args(case, q, k, v, block_size=k.shape[-2]))   # everything in one block
    d = differs(a, b, visible(case))
    if d > 1e-4 * case.scale:
        raise Fail(f"block_size={case.kwargs['block_size']} and block_size={k.shape[-2]} (one block) give "
                   f"outputs {d:.2g} apart: the blocks must combine to exactly the same attention "
                   f"(rescale l and acc when the max changes; keep the last, shorter block)")


def batch_and_heads_independent(call, case):
    q, k, v = case.args
    if q.shape[0] * q.shape[1] < 2:
        return
    q2, k2, v2 = q.clone(), k.clone(), v.clone()
    q2[0, 0] += 1.0                                    # change batch 0, head 0 only
    k2[0, 0] -= 1.0
    v2[0, 0] *= 2.0
    a, b = call(case), call(with_args(case, q2, k2, v2))
    others = torch.ones(q.shape[:2], dtype=torch.bool)
    others[0, 0] = False
    d = differs(a[others], b[others], visible(case))
    if d > 1e-5 * case.scale:
        raise Fail(f"changing batch 0, head 0 changed the output of another batch element or head by "
                   f"{d:.2g}: each (batch, head) attends only within itself")


def flash_like(q, k, v, causal=False, block_size=64, *, rescale_acc=True, rescale_l=True, top_left=False,
               drop_tail=False, subtract_max=True, scaled=True):
    """Online-softmax attention with one of the classic mistakes switched on."""
    S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
    q = q * D ** -0.5 if scaled else q
    m = torch.full(q.shape[:-1] + (1,), float("-inf"), dtype=q.dtype)
    l, acc = torch.zeros_like(m), torch.zeros_like(q)
    last = torch.arange(S_q)[:, None] + (0 if top_left else S_k - S_q)
    stop = S_k - S_k % block_size if drop_tail else S_k
    for start in range(0, stop, block_size):
        kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
        s = q @ kb.transpose(-2, -1)
        if causal:
            s = s.masked_fill(torch.arange(start, start + kb.shape[-2]) > last, float("-inf"))
        m_new = torch.maximum(m, s.amax(-1, keepdim=True)) if subtract_max else torch.zeros_like(m)
        m_safe = m_new.masked_fill(m_new == float("-inf"), 0.0)
        p, alpha = (s - m_safe).exp(), (m - m_safe).exp()
        l = (alpha if rescale_l else 1.0) * l + p.sum(-1, keepdim=True)
        acc = (alpha if rescale_acc else 1.0) * acc + p @ vb
        m = m_new
    return acc / l.masked_fill(l == 0, 1.0)


def mistake(**switch):
    return lambda q, k, v, causal=False, block_size=64: flash_like(q, k, v, causal, block_size, **switch)


def block_of_scores(case) -> int:
    """The graded memory limit: one block of scores, B·H·S_q·block_size elements."""
    B, H, S_q, _ = case.args[0].shape
    return B * H * S_q * case.kwargs["block_size"]


def memory_case() -> Case:
    # B·H = 8 ≥ S_k / block_size: a (S_q, S_k) mask fits the limit, (B, H, S_q, S_k) scores do not
    q, k, v = seeded(20, 2, 4, 128, 16), seeded(21, 2, 4, 250, 16), seeded(22, 2, 4, 250, 16)
    return attention_case(q, k, v, True, 32)


DRILL = Drill(
    entry="flash_attention",
    inputs=inputs,
    examples=[
        attention_case(seeded(1, 1, 2, 4, 8), seeded(2, 1, 2, 6, 8), seeded(3, 1, 2, 6, 8), False, 2,
                       label="two heads, three blocks"),
        attention_case(torch.tensor([[[[1.0]]]]), torch.tensor([0.0, 1.0, 2.0]).view(1, 1, 3, 1),
                       torch.tensor([10.0, 20.0, 30.0]).view(1, 1, 3, 1), False, 2, label="the prompt's example"),
        attention_case(seeded(4, 2, 1, 5, 4), seeded(5, 2, 1, 5, 4), seeded(6, 2, 1, 5, 4), True, 2,
                       label="causal, S_k not a multiple of block_size"),
        attention_case(seeded(7, 1, 2, 3, 8), seeded(8, 1, 2, 7, 8), seeded(9, 1, 2, 7, 8), True, 3,
                       label="causal, S_q < S_k (bottom-right)"),
        attention_case(seeded(10, 1, 1, 6, 4), seeded(11, 1, 1, 3, 4), seeded(12, 1, 1, 3, 4), True, 2,
                       label="causal, S_q > S_k (first queries see no key)"),
        attention_case(seeded(13, 1, 1, 4, 4), seeded(14, 1, 1, 4, 4), seeded(15, 1, 1, 4, 4), False, 64,
                       label="block_size larger than S_k"),
        attention_case(seeded(16, 2, 2, 1, 8), seeded(17, 2, 2, 5, 8), seeded(18, 2, 2, 5, 8), True, 1,
                       label="one query (decoding), block_size 1"),
    ],
    extreme=[
        Case(args=(seeded(30, 1, 2, 8, 16, scale=30.0), seeded(31, 1, 2, 40, 16, scale=30.0),
                   seeded(32, 1, 2, 40, 16)), kwargs={"causal": True, "block_size": 8}, scale=100.0,
             label="scores near ±1000"),
        attention_case(seeded(33, 1, 1, 4, 16), seeded(34, 1, 1, 2048, 16), seeded(35, 1, 1, 2048, 16), True,
                       64, label="2048 keys, 4 queries"),
        attention_case(seeded(36, 1, 1, 300, 8), seeded(37, 1, 1, 300, 8), seeded(38, 1, 1, 300, 8), True,
                       64, label="300 queries and keys, causal"),
    ],
    invariants=[Invariant("causal: future keys ignored", future_keys_ignored),
                Invariant("block size does not change the result", block_size_invariant),
                Invariant("batch and heads independent", batch_and_heads_independent)],
    mistakes=[
        Mistake("l and acc not rescaled by exp(m - m_new) when the running max changes",
                like=mistake(rescale_acc=False, rescale_l=False)),
        Mistake("acc not rescaled by exp(m - m_new) when the running max changes (l is)",
                like=mistake(rescale_acc=False)),
        Mistake("l not rescaled by exp(m - m_new) when the running max changes (acc is)",
                like=mistake(rescale_l=False)),
        Mistake("causal mask aligned top-left (j <= i) instead of bottom-right (j <= i + S_k - S_q)",
                like=mistake(top_left=True)),
        Mistake("the last, shorter block of keys dropped (S_k not a multiple of block_size)",
                like=mistake(drop_tail=True)),
        Mistake("online softmax without subtracting the running max (exp overflows)",
                like=mistake(subtract_max=False)),
        Mistake("scores not scaled by 1/sqrt(D)", like=mistake(scaled=False)),
    ],
    banned=["torch.nn.functional.scaled_dot_product_attention", "torch.nn.MultiheadAttention",
            "torch.softmax", "torch.nn.functional.softmax", "torch.Tensor.softmax", "torch.special.softmax",
            "torch.log_softmax", "torch.nn.functional.log_softmax", "torch.Tensor.log_softmax",
            "torch.special.log_softmax", "torch._softmax", "torch.nn.Softmax", "torch.nn.LogSoftmax"],
    graded=graded,
    tol={"float16": (1e-2, 5e-3), "bfloat16": (4e-2, 4e-2)},
    half=True,
    grad=False,     # the forward pass is the drill; its backward is a drill of its own
    max_intermediate=block_of_scores,
    memory_case=memory_case,
    # many tiny (batch, head) pairs: a loop over the batch or the heads pays Python 128-256 times
    speed=lambda: attention_case(seeded(40, 128, 2, 8, 8), seeded(41, 128, 2, 8, 8), seeded(42, 128, 2, 8, 8),
                                 True, 4),
    speed_limit=10.0,
)
