"""flash_attention: one function, graded forward only (its backward would be a drill of its own).
Particular to it: the memory rule (no intermediate larger than one block of scores), block sizes
that do not divide S_k, bottom-right causality with S_q != S_k, half precision, the result not
depending on block_size, and the mistakes of the online softmax: rescaling, the last block, the
running max, alignment and scaling."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Memory, Mistake, Speed

META = dict(title="FlashAttention forward with online softmax", zh="在线softmax", topic="attention",
            difficulty="hard", minutes=30,
            oracle="F.scaled_dot_product_attention")
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


def attention_case(q, k, v, causal, block_size, scale=1.0, label=""):
    # float rounding in scores of size scale² moves outputs of size scale: errors grow like scale³
    return Case(args=(q, k, v), kwargs={"causal": causal, "block_size": block_size},
                scale=max(1.0, scale ** 3), label=label)


def qkv(seed, B, H, S_q, S_k, D, causal, block_size, label=""):
    return attention_case(seeded(seed, B, H, S_q, D), seeded(seed + 1, B, H, S_k, D), seeded(seed + 2, B, H, S_k, D),
                          causal, block_size, label=label)


def inputs(draw) -> Case:
    B, H = draw(st.integers(1, 2)), draw(st.integers(1, 3))
    S_q, S_k, D = draw(st.integers(1, 9)), draw(st.integers(1, 9)), draw(st.integers(1, 8))
    scale = draw(st.sampled_from([0.5, 1.0, 2.0]))
    q, k, v = (randn(draw, B, H, S, D, scale=scale) for S in (S_q, S_k, S_k))
    return attention_case(q, k, v, draw(st.booleans()), draw(st.integers(1, 10)), scale)


def block_size_invariant(call, case):
    q, k, v = case.args
    a = call(case)
    b = call(Case(args=case.args, kwargs=case.kwargs | {"block_size": k.shape[-2]}, scale=case.scale))
    rows = kit.queries_with_keys_graded(case, a)
    d = (a - b).abs().nan_to_num(float("inf"))[rows]
    if d.numel() and d.max() > 1e-4 * case.scale:
        raise Fail(f"block_size={case.kwargs['block_size']} and block_size={k.shape[-2]} (one block) give "
                   f"outputs {d.max().item():.2g} apart: the blocks must combine to exactly the same attention "
                   f"(rescale l and acc when the max changes; keep the last, shorter block)")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def flash_like(rescale_acc=True, rescale_l=True, top_left=False, drop_tail=False, subtract_max=True, scaled=True):
    """Online-softmax attention, or one of its classic mistakes."""
    def flash_attention(q, k, v, causal=False, block_size=64):
        S_q, S_k, D = q.shape[-2], k.shape[-2], q.shape[-1]
        q = q * D ** -0.5 if scaled else q
        m = torch.full(q.shape[:-1] + (1,), float("-inf"), dtype=q.dtype, device=q.device)
        l, acc = torch.zeros_like(m), torch.zeros_like(q)
        last = torch.arange(S_q, device=q.device)[:, None] + (0 if top_left else S_k - S_q)
        stop = S_k - S_k % block_size if drop_tail else S_k
        if drop_tail == "keeps one":          # range(max(1, S_k // block_size)) blocks
            stop = max(stop, 1)
        for start in range(0, stop, block_size):
            kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
            s = q @ kb.transpose(-2, -1)
            if causal:
                s = s.masked_fill(torch.arange(start, start + kb.shape[-2], device=q.device) > last, float("-inf"))
            m_new = torch.maximum(m, s.amax(-1, keepdim=True)) if subtract_max else torch.zeros_like(m)
            m_safe = m_new.masked_fill(m_new == float("-inf"), 0.0)
            p, alpha = (s - m_safe).exp(), (m - m_safe).exp()
            l = (alpha if rescale_l else 1.0) * l + p.sum(-1, keepdim=True)
            acc = (alpha if rescale_acc else 1.0) * acc + p @ vb
            m = m_new
        return acc / l.masked_fill(l == 0, 1.0)
    return flash_attention


DROPS_TAIL = "the last, shorter block of keys dropped (S_k not a multiple of block_size)"


DRILL = Drill(entries=[Entry(
    "flash_attention",
    inputs=inputs,
    examples=[
        qkv(1, 1, 2, 4, 6, 8, False, 2, label="two heads, three blocks"),
        attention_case(torch.tensor([[[[1.0]]]]), torch.tensor([0.0, 1.0, 2.0]).view(1, 1, 3, 1),
                       torch.tensor([10.0, 20.0, 30.0]).view(1, 1, 3, 1), False, 2, label="the prompt's example"),
        qkv(4, 2, 1, 5, 5, 4, True, 2, label="causal, S_k not a multiple of block_size"),
        qkv(7, 1, 2, 3, 7, 8, True, 3, label="causal, S_q < S_k (bottom-right)"),
        qkv(10, 1, 1, 6, 3, 4, True, 2, label="causal, S_q > S_k (the first queries see no key: not graded)"),
        qkv(13, 1, 1, 4, 4, 4, False, 64, label="block_size larger than S_k"),
        qkv(16, 2, 2, 1, 5, 8, True, 1, label="one query (decoding), block_size 1"),
    ],
    extreme=[
        Case(args=(seeded(30, 1, 2, 8, 16, scale=30.0), seeded(31, 1, 2, 40, 16, scale=30.0),
                   seeded(32, 1, 2, 40, 16)), kwargs={"causal": True, "block_size": 8}, scale=100.0,
             label="scores near ±1000"),
        qkv(33, 1, 1, 4, 2048, 16, True, 64, label="2048 keys, 4 queries"),
        qkv(36, 1, 1, 300, 300, 8, True, 64, label="300 queries and keys, causal"),
    ],
    invariants=[kit.bottom_right_causality(), Invariant("block size does not change the result", block_size_invariant),
                kit.slices_independent()],
    mistakes=[
        Mistake("l and acc not rescaled by exp(m - m_new) when the running max changes",
                like=flash_like(rescale_acc=False, rescale_l=False)),
        Mistake("acc not rescaled by exp(m - m_new) when the running max changes (l is)",
                like=flash_like(rescale_acc=False)),
        Mistake("l not rescaled by exp(m - m_new) when the running max changes (acc is)",
                like=flash_like(rescale_l=False)),
        Mistake("causal mask aligned top-left (j <= i) instead of bottom-right (j <= i + S_k - S_q)",
                like=flash_like(top_left=True)),
        Mistake(DROPS_TAIL, like=flash_like(drop_tail=True)),
        Mistake(DROPS_TAIL, like=flash_like(drop_tail="keeps one")),
        Mistake("online softmax without subtracting the running max (exp overflows)",
                like=flash_like(subtract_max=False)),
        Mistake("scores not scaled by 1/sqrt(D)", like=flash_like(scaled=False)),
        Mistake("more than one block of scores held at once (the whole (S_q, S_k) score matrix, or blocks "
                "wider than block_size): only one (B, H, S_q, block_size) block may exist at a time",
                check="memory"),
    ],
    graded=kit.queries_with_keys_graded,
    tol={"float16": (1e-2, 5e-3), "bfloat16": (4e-2, 4e-2)},
    half=True,
    grad=False,     # the forward pass is the drill; its backward is a drill of its own
    # B·H = 8 ≥ S_k / block_size: a (S_q, S_k) mask fits the limit, (B, H, S_q, S_k) scores do not
    memory=Memory(case=qkv(20, 2, 4, 128, 250, 16, True, 32), limit=kit.block_of_scores),
    loops=Loops(small=qkv(23, 2, 2, 5, 9, 4, True, 4), large=qkv(23, 4, 5, 5, 9, 4, True, 4),
                over="the batch and the heads"),
    # many tiny (batch, head) pairs: a loop over the batch or the heads pays Python 128-256 times
    speed=Speed(lambda seed: qkv(40 + 3 * seed, 128, 2, 8, 8, 8, True, 4), limit=30.0),
)], banned=kit.ATTENTION_BANNED + kit.SOFTMAX_BANNED)
