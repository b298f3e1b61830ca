"""online_softmax: one function over one query, in one pass over the keys. Particular to it: no
1/sqrt(D) scaling, scores up to 1e4, keys whose scores rise at every step or never, the memory
rule (no tensor of more than N/4 elements, so the two-pass version fails), work linear in N (so
no key is summed again at a later step), no loop over the features, and the mistakes of rescaling d and o, the final division and the running max."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Memory, Mistake, Speed, Work

META = dict(title="Online softmax, one query", zh="单查询在线softmax", topic="attention", difficulty="medium",
            minutes=15,
            oracle="torch.softmax in float64")
HINTS = [
    "Start from the first key: m = k[0] @ q, d = 1 (= exp(m - m)), o = v[0]. Then loop over the other keys.",
    "For a new score s: m_new = max(m, s). What you summed so far was measured against the old max, so "
    "multiply d and o by exp(m - m_new) (<= 1) before adding exp(s - m_new) and exp(s - m_new) * v_i.",
    "torch.maximum(m, s) keeps everything a tensor on q's device; torch.tensor(float('-inf')) as a start "
    "value would be made on the CPU.",
    "Only at the end: return o / d.",
]


# ---- drawn inputs ------------------------------------------------------------------------------

def qkv_case(q, k, v, v_scale=1.0, label=""):
    return Case(args=(q, k, v), scale=v_scale, label=label)


def inputs(draw) -> Case:
    n, d, d_v = draw(st.integers(1, 12)), draw(st.integers(1, 8)), draw(st.integers(1, 8))
    qk_scale = draw(st.sampled_from([0.5, 1.0, 2.0]))
    v_scale = draw(st.sampled_from([1.0, 10.0]))
    q, k = randn(draw, d, scale=qk_scale), randn(draw, n, d, scale=qk_scale)
    return qkv_case(q, k, randn(draw, n, d_v, scale=v_scale), v_scale)


def monotone(n, increasing=True):
    """Keys whose scores rise (or fall) along the sequence: the max changes at every key, or never."""
    q = torch.tensor([0.5, -0.25, 1.0])
    steps = torch.arange(n, dtype=torch.float32) * (0.7 if increasing else -0.7)
    return q, steps[:, None] * q / q.dot(q), seeded(12, n, 4)


def huge_scores():
    """Scores up to ~1.5e4, exact in float32 (integer inputs), so every way of computing them agrees."""
    g = torch.Generator().manual_seed(13)
    k = torch.randint(-100, 101, (20, 2), generator=g).float()
    return torch.tensor([100.0, 50.0]), k, seeded(14, 20, 3)


# ---- invariants (no reference needed) ----------------------------------------------------------

def keys_permuted(call, case):
    q, k, v = case.args
    if k.shape[0] < 2:
        return
    perm = torch.randperm(k.shape[0], generator=torch.Generator().manual_seed(0))
    a, b = call(case), call(Case(args=(q, k[perm], v[perm]), scale=case.scale))
    tol = 1e-4 * case.scale
    if not torch.allclose(a, b, rtol=1e-4, atol=tol):
        raise Fail(f"shuffling the (key, value) pairs changed the output by {(a - b).abs().max().item():.2g}: "
                   f"attention does not depend on the order of the keys")


def convex_combination(call, case):
    q, k, v = case.args
    out = call(case)
    tol = 1e-4 * case.scale
    low, high = v.amin(0) - tol, v.amax(0) + tol
    bad = (out < low) | (out > high)
    if bad.any():
        j = int(bad.nonzero()[0])
        raise Fail(f"output[{j}] = {out[j].item():.4g} lies outside [{v[:, j].min().item():.4g}, "
                   f"{v[:, j].max().item():.4g}], the range of v[:, {j}]: the output is an average of the "
                   f"values, with weights summing to 1 (did you divide by d?)")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def _loop(q, k, v, rescale_d=True, rescale_o=True, sign=1):
    m, d, o = k[0] @ q, torch.ones(()), v[0]
    for i in range(1, k.shape[0]):
        s = k[i] @ q
        m_new = torch.maximum(m, s)
        shrink = (sign * (m - m_new)).exp()
        p = (s - m_new).exp()
        d = (d * shrink if rescale_d else d) + p
        o = (o * shrink if rescale_o else o) + p * v[i]
        m = m_new
    return o, d


def no_rescale(q, k, v):
    o, d = _loop(q, k, v, rescale_d=False, rescale_o=False)
    return o / d


def rescales_d_only(q, k, v):
    o, d = _loop(q, k, v, rescale_o=False)
    return o / d


def rescales_o_only(q, k, v):
    o, d = _loop(q, k, v, rescale_d=False)
    return o / d


def inverted_rescale(q, k, v):
    o, d = _loop(q, k, v, sign=-1)
    return o / d


def no_final_divide(q, k, v):
    return _loop(q, k, v)[0]


def no_running_max(q, k, v):
    d, o = 0.0, 0.0
    for i in range(k.shape[0]):
        e = (k[i] @ q).exp()
        d, o = d + e, o + e * v[i]
    return o / d


def scaled_scores(q, k, v):
    o, d = _loop(q / math.sqrt(q.shape[0]), k, v)
    return o / d


DRILL = Drill(entries=[Entry(
    "online_softmax_attention",
    inputs=inputs,
    examples=[
        qkv_case(torch.tensor([1.0]), torch.tensor([[1.0], [3.0], [2.0]]),
                 torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]), label="the prompt's example"),
        qkv_case(seeded(1, 4), seeded(2, 1, 4), seeded(3, 1, 3), label="one key"),
        qkv_case(*monotone(8), label="scores increase: the max changes at every key"),
        qkv_case(*monotone(8, increasing=False), label="scores decrease: the max never changes"),
        qkv_case(seeded(4, 3), seeded(5, 1, 3).expand(6, 3).clone(), seeded(6, 6, 2), label="all scores equal"),
        qkv_case(seeded(7, 3), seeded(8, 6, 3), seeded(9, 6, 5, scale=10.0), 10.0, label="D_v != D"),
    ],
    extreme=[
        qkv_case(*huge_scores(), label="scores up to 1.5e4"),
        qkv_case(seeded(15, 16, scale=0.25), seeded(16, 500, 16, scale=0.25), seeded(17, 500, 8), label="500 keys"),
    ],
    invariants=[
        Invariant("order of the keys does not matter", keys_permuted),
        Invariant("output is an average of the values", convex_combination),
    ],
    mistakes=[
        Mistake("d and o not rescaled by exp(m_old - m_new) when the max changes", like=no_rescale),
        Mistake("the accumulator o not rescaled by exp(m_old - m_new) when the max changes (d is)",
                like=rescales_d_only),
        Mistake("the running sum d not rescaled by exp(m_old - m_new) when the max changes (o is)",
                like=rescales_o_only),
        Mistake("no running max: exp of the raw scores overflows", like=no_running_max),
        Mistake("rescaled by exp(m_new - m_old) instead of exp(m_old - m_new)", like=inverted_rescale),
        Mistake("forgot to divide by d at the end", like=no_final_divide),
        Mistake("scores scaled by 1/sqrt(D): this drill uses the plain dot products k_i · q", like=scaled_scores),
        Mistake("all N scores held at once (k @ q then a softmax is the two-pass version): keep only "
                "m, d and o while visiting the keys", check="memory"),
        Mistake("the keys seen so far summed again at every step (O(N²)): rescale the running d and o by "
                "exp(m_old - m_new) instead of recomputing them", check="work"),
    ],
    memory=Memory(case=qkv_case(seeded(18, 8), seeded(19, 256, 8), seeded(20, 256, 8)),
                  limit=lambda case: case.args[1].shape[0] // 4),
    # the reference itself loops over the keys: what must not grow is the work per key
    loops=Loops(small=qkv_case(seeded(21, 4), seeded(22, 6, 4), seeded(23, 6, 3)),
                large=qkv_case(seeded(21, 16), seeded(22, 6, 16), seeded(23, 6, 11)),
                over="the features of q and v"),
    work=Work(lambda N: qkv_case(seeded(24, 4), seeded(25, N, 4), seeded(26, N, 3)), sizes=(8, 128), grows="N"),
    # a loop over the features costs 20-65x (counted by no loop), re-summing all keys at each step
    # 23-150x (counted by work); correct variants 0.02-1.3x (spikes to 2.5-4.9x on a loaded 2-core
    # machine); reference ~2.3 ms
    speed=Speed(lambda seed: qkv_case(seeded(21 + 3 * seed, 64), seeded(22 + 3 * seed, 64, 64, scale=0.2),
                                      seeded(23 + 3 * seed, 64, 64)), limit=30.0),
)], banned=kit.SOFTMAX_BANNED + kit.LOGSUMEXP_BANNED + ["torch.nn.functional.scaled_dot_product_attention"])
