"""flash_attention_backward: one function returning (dq, dk, dv), graded against autograd through
exact attention. Particular to it: each case carries a consistent forward (o and lse computed in
float64 from q, k, v), the memory rule of flash_attention (no intermediate larger than one block of
scores), block sizes that do not divide S_k, bottom-right causality with S_q <= S_k, half precision,
autograd banned, invariants that need no reference (the block size changes nothing; dK sums to zero
over the keys, as shifting a query's scores changes nothing), and the mistakes of the backward: D
missing, the scale, P recomputed without the saved lse (a softmax per
block, or over all keys at once), the causal mask."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Memory, Mistake, Speed

META = dict(title="FlashAttention backward pass", zh="FlashAttention反向传播", topic="attention",
            difficulty="hard", minutes=35,
            oracle="autograd through F.scaled_dot_product_attention; lse as torch's CPU flash kernel returns it")
HINTS = [
    "Softmax backward for one row: dS = P ∘ (dP - sum_j P_j dP_j). The sum is the same for every block: "
    "sum_j P_ij (dO_i · v_j) = dO_i · O_i, so D = (do * o).sum(-1, keepdim=True) comes from the saved O.",
    "No softmax in the loop: P = exp(s - lse[..., None]) is exactly the forward's probabilities for this "
    "block, because lse normalises over ALL keys. A softmax over the block alone would not sum with the others.",
    "Per block (kb, vb): s = q @ kb.T * scale (masked with -inf when causal); p = exp(s - lse); "
    "dv_block = p.T @ do; dp = do @ vb.T; ds = p * (dp - D); dq += ds @ kb * scale; dk_block = ds.T @ q * scale.",
    "Collect the dk and dv blocks in lists and torch.cat them along dim -2; dq accumulates across blocks. "
    "Causal, bottom-right: key j is visible to query i iff j <= i + (S_k - S_q).",
]


# ---- inputs: a consistent forward for each case ------------------------------------------------

def forward(q, k, v, causal):
    """(o, lse) of exact attention, in float64, cast back to q's dtype."""
    S_q, S_k = q.shape[-2], k.shape[-2]
    s = q.double() @ k.double().transpose(-2, -1) / math.sqrt(q.shape[-1])
    if causal:
        s = s.masked_fill(~kit.causal_keep(S_q, S_k), float("-inf"))
    lse = torch.logsumexp(s, dim=-1)
    o = torch.exp(s - lse[..., None]) @ v.double()
    return o.to(q.dtype), lse.to(q.dtype)


def backward_case(q, k, v, do, causal, block_size, scale=1.0, label=""):
    o, lse = forward(q, k, v, causal)
    # gradients go through the scores: float rounding in scores of size scale² moves them like scale³
    return Case(args=(q, k, v, o, do, lse), kwargs={"causal": causal, "block_size": block_size},
                scale=max(1.0, scale ** 3), label=label)


def qkv(seed, B, H, S_q, S_k, D, causal, block_size, scale=1.0, label=""):
    return backward_case(seeded(seed, B, H, S_q, D, scale=scale), seeded(seed + 1, B, H, S_k, D, scale=scale),
                         seeded(seed + 2, B, H, S_k, D), seeded(seed + 3, B, H, S_q, D), causal, block_size, scale,
                         label)


def inputs(draw) -> Case:
    B, H = draw(st.integers(1, 2)), draw(st.integers(1, 3))
    S_k, D = draw(st.integers(1, 9)), draw(st.integers(1, 8))
    causal = draw(st.booleans())
    S_q = draw(st.integers(1, S_k if causal else 9))
    scale = draw(st.sampled_from([0.5, 1.0, 2.0]))
    g = kit.generator(draw)
    q, k = torch.randn(B, H, S_q, D, generator=g) * scale, torch.randn(B, H, S_k, D, generator=g) * scale
    v, do = torch.randn(B, H, S_k, D, generator=g), torch.randn(B, H, S_q, D, generator=g)
    return backward_case(q, k, v, do, causal, draw(st.integers(1, 10)), scale)


# ---- invariants (no reference needed) ----------------------------------------------------------

def _grads(out, case):
    if not (isinstance(out, (tuple, list)) and len(out) == 3 and all(isinstance(t, torch.Tensor) for t in out)):
        raise Fail(f"expected a tuple (dq, dk, dv) of three tensors, got {type(out).__name__}")
    for name, t, like in zip(("dq", "dk", "dv"), out, case.args[:3]):
        if t.shape != like.shape:
            raise Fail(f"{name} should have the shape {tuple(like.shape)}, got {tuple(t.shape)}")
    return [t.detach() for t in out]


def block_size_invariant(call, case):
    a = _grads(call(case), case)
    one_block = Case(args=case.args, kwargs=case.kwargs | {"block_size": case.args[1].shape[-2]}, scale=case.scale)
    b = _grads(call(one_block), case)
    for name, x, y in zip(("dq", "dk", "dv"), a, b):
        d = (x - y).abs().nan_to_num(float("inf"))
        if d.numel() and d.max() > 1e-4 * case.scale:
            raise Fail(f"block_size={case.kwargs['block_size']} and block_size={case.args[1].shape[-2]} (one block) "
                       f"give {name} {d.max().item():.2g} apart: the blocks must add up to the same gradients (P from "
                       f"the saved lse, not a softmax per block; keep the last, shorter block)")


def dk_sums_to_zero(call, case):
    """Adding a constant to all the scores of a query changes nothing, so sum_j dS_ij = 0 for every
    query and the rows of dK sum to zero over the keys."""
    dq, dk, dv = _grads(call(case), case)
    total = dk.double().sum(-2)                                     # (B, H, D)
    size = case.args[0].double().abs().sum(-2).amax() * case.args[4].double().abs().amax() * \
        case.args[2].double().abs().amax() + 1.0
    if total.abs().max() > 1e-4 * size * case.scale:
        raise Fail(f"dK summed over the keys is {total.abs().max().item():.3g}, not 0: for each query sum_j dS_ij = "
                   f"sum_j P_ij (dP_ij - D_i) = 0 when D_i = dO_i · O_i (softmax rows ignore a shift of the scores)")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def backward_like(delta="o", grads_scaled=True, scores_scaled=True, p_from="lse", causal_mask="bottom-right"):
    """flash_attention_backward with one classic mistake switched on."""
    def flash_attention_backward(q, k, v, o, do, lse, causal=False, block_size=64):
        S_q, S_k = q.shape[-2], k.shape[-2]
        scale = q.shape[-1] ** -0.5
        D = (do * o).sum(-1, keepdim=True) if delta == "o" else torch.zeros_like(lse)[..., None]
        last = torch.arange(S_q, device=q.device)[:, None] + (0 if causal_mask == "top-left" else S_k - S_q)
        dq, dk, dv = torch.zeros_like(q), [], []
        for start in range(0, S_k, block_size):
            kb, vb = k[..., start:start + block_size, :], v[..., start:start + block_size, :]
            s = q @ kb.transpose(-2, -1) * (scale if scores_scaled else 1.0)
            if causal and causal_mask != "none":
                s = s.masked_fill(torch.arange(start, start + kb.shape[-2], device=q.device) > last, float("-inf"))
            if p_from == "lse":
                p = torch.exp(s - lse[..., None])
            elif p_from == "block softmax":         # a softmax over this block only (NaN where it sees no key)
                e = torch.exp(s - s.amax(-1, keepdim=True))
                p = e / e.sum(-1, keepdim=True)
            else:                                   # the same, with the rows that see no key left at 0
                e = torch.exp(s - s.amax(-1, keepdim=True).nan_to_num(neginf=0.0))
                p = e / e.sum(-1, keepdim=True).clamp_min(1e-30)
            dv.append(p.transpose(-2, -1) @ do)
            ds = p * (do @ vb.transpose(-2, -1) - D)
            g = scale if grads_scaled else 1.0
            dq = dq + ds @ kb * g
            dk.append(ds.transpose(-2, -1) @ q * g)
        return dq, torch.cat(dk, -2), torch.cat(dv, -2)
    return flash_attention_backward


WRONG_SCALE = "wrong scale: "
PER_BLOCK = ("P recomputed with a softmax over each block of keys instead of exp(S - lse) with the saved lse: a "
             "block's softmax is normalised over that block only")


DRILL = Drill(entries=[Entry(
    "flash_attention_backward",
    inputs=inputs,
    examples=[
        backward_case(torch.tensor([[[[1.0]]]]), torch.tensor([0.0, 1.0, 2.0]).view(1, 1, 3, 1),
                      torch.tensor([10.0, 20.0, 30.0]).view(1, 1, 3, 1), torch.ones(1, 1, 1, 1), False, 2,
                      label="the prompt's example"),
        qkv(1, 1, 2, 4, 6, 8, False, 2, label="two heads, three blocks"),
        qkv(5, 2, 1, 5, 5, 4, True, 2, label="causal, S_k not a multiple of block_size"),
        qkv(9, 1, 2, 3, 7, 8, True, 3, label="causal, S_q < S_k (bottom-right)"),
        qkv(13, 1, 1, 6, 3, 4, False, 2, label="S_q > S_k, not causal"),
        qkv(17, 1, 1, 4, 4, 4, True, 64, label="block_size larger than S_k"),
        qkv(21, 2, 2, 1, 5, 8, True, 1, label="one query, block_size 1"),
    ],
    extreme=[
        qkv(30, 1, 2, 8, 40, 16, True, 8, scale=5.0, label="scores near ±400"),
        qkv(34, 1, 1, 4, 2048, 16, True, 64, label="2048 keys, 4 queries"),
        qkv(38, 1, 1, 300, 300, 8, True, 64, label="300 queries and keys, causal"),
    ],
    invariants=[Invariant("block size does not change the result", block_size_invariant),
                Invariant("dK sums to zero over the keys", dk_sums_to_zero)],
    mistakes=[
        Mistake("D = rowsum(dO ∘ O) missing: dS = P ∘ (dP - D), the softmax's backward needs the row term",
                like=backward_like(delta="none"),
                hint="The softmax Jacobian gives dS_ij = P_ij (dP_ij - sum_k P_ik dP_ik). The sum is D_i = dO_i · O_i: "
                     "compute (do * o).sum(-1, keepdim=True) once, before the loop."),
        Mistake(WRONG_SCALE + "dQ and dK miss the 1/sqrt(D) factor of the scores (dQ = dS K / sqrt(D), "
                "dK = dSᵀ Q / sqrt(D))", like=backward_like(grads_scaled=False)),
        Mistake(WRONG_SCALE + "scores recomputed without 1/sqrt(D): P = exp(q kᵀ / sqrt(D) - lse) needs the "
                "forward's scaled scores", like=backward_like(scores_scaled=False)),
        Mistake(PER_BLOCK, like=backward_like(p_from="block softmax"),
                hint="lse normalises over all the keys: exp(s - lse[..., None]) is the forward's P for this block, "
                     "and the blocks' P add up to rows that sum to 1. A per-block softmax sums to 1 in every block."),
        Mistake(PER_BLOCK, like=backward_like(p_from="safe block softmax")),
        Mistake("causal mask missing in the backward: future keys get P = exp(s - lse) > 0",
                like=backward_like(causal_mask="none")),
        Mistake("causal mask aligned top-left (j <= i) instead of bottom-right (j <= i + S_k - S_q)",
                like=backward_like(causal_mask="top-left")),
        Mistake("more than one block of scores held at once (the whole (S_q, S_k) score matrix, or a softmax "
                "over all keys recomputed instead of using the saved lse): only one (B, H, S_q, block_size) block "
                "may exist at a time", check="memory"),
    ],
    tol={"float16": (1e-2, 5e-3), "bfloat16": (4e-2, 4e-2)},
    half=True,
    grad=False,              # the outputs are gradients already
    # B·H = 8 ≥ S_k / block_size: a (S_q, S_k) mask fits the limit, (B, H, S_q, S_k) scores do not
    memory=Memory(case=qkv(50, 2, 4, 128, 250, 8, True, 32), limit=kit.block_of_scores),
    loops=Loops(small=qkv(54, 2, 2, 5, 9, 4, True, 4), large=qkv(54, 4, 5, 5, 9, 4, True, 4),
                over="the batch and the heads"),
    speed=Speed(lambda seed: qkv(60 + 4 * seed, 128, 2, 8, 8, 8, True, 4), limit=30.0),
)], banned=kit.ATTENTION_BANNED + kit.SOFTMAX_BANNED + ["torch._softmax_backward_data", "torch.ops.aten._scaled_dot_product_flash_attention_backward", "torch.ops.aten._scaled_dot_product_flash_attention_for_cpu_backward"],
    autograd=False)
