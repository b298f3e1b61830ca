"""cross_attention: a module graded through its forward, with reference weights loaded. Particular
to it: two sequences of independent lengths (S_q != S_k, and S_q == S_k so that a mask on the
wrong axis still runs and shows), an encoder padding mask, batch elements with no real encoder
token not graded, invariants that need no reference (encoder padding ignored, decoder tokens
independent), and the mistakes of the attention family (kit) plus those particular to
cross-attention: a causal mask, keys and values taken from the decoder."""
from hypothesis import strategies as st

import torch
from torch import nn
from grader.engine import kit
from grader.engine.kit import randn, random_mask, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Cross-attention", zh="交叉注意力", topic="attention", difficulty="easy", minutes=15,
            oracle="F.scaled_dot_product_attention on the projected heads, and nn.MultiheadAttention with "
                   "key_padding_mask")
HINTS = [
    "Only the sources change from self-attention: q = q_proj(x) has S_q tokens, k = k_proj(memory) and "
    "v = v_proj(memory) have S_k. Split each into heads with its OWN length: view(B, S, n_heads, head_dim).",
    "The scores q @ k.transpose(-2, -1) are (B, H, S_q, S_k): rows are decoder queries, columns encoder keys. "
    "Scale by 1/sqrt(head_dim).",
    "memory_mask (B, S_k) hides keys, the last axis: memory_mask[:, None, None, :] broadcasts against the "
    "scores. No causal mask here: the decoder may look at the whole (real) encoder output.",
    "softmax over dim=-1, @ v gives (B, H, S_q, head_dim); transpose(1, 2).reshape(B, S_q, d_model), o_proj.",
]


# ---- inputs ------------------------------------------------------------------------------------

def case(seed, B, S_q, S_k, d_model, n_heads, mask=None, label="", scale=1.0):
    return Case(args=(seeded(seed, B, S_q, d_model, scale=scale), seeded(seed + 1, B, S_k, d_model, scale=scale)),
                kwargs={"memory_mask": mask}, init=(d_model, n_heads), label=label, scale=scale)


def padded(S, real):
    return torch.tensor([[i < r for i in range(S)] for r in real])


def inputs(draw) -> Case:
    n_heads, head_dim = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    B, S_q, S_k = draw(st.integers(1, 3)), draw(st.integers(1, 6)), draw(st.integers(1, 6))
    d_model = n_heads * head_dim
    mask = random_mask(draw, B, S_k) if draw(st.booleans()) else None     # encoder token 0 is always real
    return Case(args=(randn(draw, B, S_q, d_model), randn(draw, B, S_k, d_model)), kwargs={"memory_mask": mask},
                init=(d_model, n_heads), seed=draw(st.integers(0, 2**16)))


def graded(case: Case, expected):
    """Batch elements with no real encoder token attend nothing: not graded."""
    mask = case.kwargs.get("memory_mask")
    if mask is None:
        return None
    return mask.cpu().any(-1)[:, None, None].expand(expected.shape)


# ---- invariants (no reference needed) ----------------------------------------------------------

def with_inputs(case: Case, x, memory) -> Case:
    return Case(args=(x, memory), kwargs=case.kwargs, init=case.init, seed=case.seed, scale=case.scale)


def encoder_padding_ignored(call, case):
    x, memory = case.args
    mask = case.kwargs.get("memory_mask")
    if mask is None or mask.all():
        return
    changed = torch.where(mask[..., None], memory, -2.0 * memory + 1.0)
    a, b = call(case).detach(), call(with_inputs(case, x, changed)).detach()
    rows = graded(case, a)
    if not torch.isclose(a, b, rtol=1e-4, atol=1e-5 * case.scale, equal_nan=True)[rows].all():
        raise Fail("changing the padded encoder tokens (memory_mask False) changed the output: padding hides "
                   "KEYS, memory_mask[:, None, None, :] against the (B, H, S_q, S_k) scores")


def decoder_tokens_independent(call, case):
    x, memory = case.args
    if x.shape[1] < 2:
        return
    changed = x.clone()
    changed[:, 0] = -3.0 * changed[:, 0] + 1.0
    a, b = call(case).detach(), call(with_inputs(case, changed, memory)).detach()
    rows = graded(case, a)
    same = torch.isclose(a, b, rtol=1e-4, atol=1e-5 * case.scale, equal_nan=True)
    if rows is not None:
        same = same | ~rows
    if not same[:, 1:].all():
        raise Fail("changing decoder token 0 changed the outputs of other decoder tokens: in cross-attention "
                   "each query attends the encoder only, never the other queries")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def learner_like(mistake=""):
    """CrossAttention written as a learner would, making `mistake`: "d_model scale", "unscaled",
    "mask inverted", "mask on queries", "causal", "causal bottom-right", "kv from x", "softmax over queries"."""
    class CrossAttention(nn.Module):
        def __init__(self, d_model, n_heads):
            super().__init__()
            self.n_heads, self.hd, self.d_model = n_heads, d_model // n_heads, d_model
            self.q_proj = nn.Linear(d_model, d_model)
            self.k_proj = nn.Linear(d_model, d_model)
            self.v_proj = nn.Linear(d_model, d_model)
            self.o_proj = nn.Linear(d_model, d_model)

        def forward(self, x, memory, memory_mask=None):
            B, S_q, _ = x.shape
            H, hd, m = self.n_heads, self.hd, mistake
            source = x if m == "kv from x" else memory
            S_k = source.shape[1]
            q = self.q_proj(x).view(B, S_q, H, hd).transpose(1, 2)
            k = self.k_proj(source).view(B, S_k, H, hd).transpose(1, 2)
            v = self.v_proj(source).view(B, S_k, H, hd).transpose(1, 2)
            scale = {"d_model scale": self.d_model ** -0.5, "unscaled": 1.0}.get(m, hd ** -0.5)
            keep = torch.ones(B, 1, S_q, S_k, dtype=torch.bool, device=x.device)
            if m in ("causal", "causal bottom-right"):
                keep = keep & kit.causal_keep(S_q, S_k, x.device) if m == "causal bottom-right" else \
                    keep & torch.ones(S_q, S_k, dtype=torch.bool, device=x.device).tril()
            if memory_mask is not None:
                mask = ~memory_mask if m == "mask inverted" else memory_mask
                keep = keep & (mask[:, None, :, None] if m == "mask on queries" else mask[:, None, None, :])
            out = kit.masked_attention(q, k, v, keep, scale=scale, softmax_dim=-2 if m == "softmax over queries" else -1)
            return self.o_proj(out.transpose(1, 2).reshape(B, S_q, H * hd))
    return CrossAttention


DRILL = Drill(entries=[Entry(
    "CrossAttention",
    inputs=inputs,
    examples=[
        case(1, 2, 3, 5, 8, 2, label="the prompt's shapes, no mask"),
        case(2, 2, 4, 4, 8, 2, mask=padded(4, [4, 2]), label="S_q == S_k with encoder padding"),
        case(3, 2, 3, 5, 8, 2, mask=padded(5, [5, 2]), label="the prompt's example: encoder padding"),
        case(4, 3, 6, 2, 12, 3, mask=torch.tensor([[True, True], [True, False], [False, True]]),
             label="S_q > S_k, padding anywhere"),
        case(5, 2, 1, 7, 6, 1, mask=padded(7, [3, 7]), label="one decoder token, one head"),
        case(6, 1, 5, 1, 8, 8, label="one encoder token, head_dim 1"),
    ],
    extreme=[
        case(7, 2, 3, 6, 8, 2, mask=padded(6, [6, 4]), scale=100.0, label="large inputs: scores ~ 1e4"),
        case(8, 2, 64, 300, 16, 4, mask=padded(300, [300, 123]), label="300 encoder tokens"),
        case(9, 3, 3, 4, 8, 2, mask=torch.tensor([[True] * 4, [False] * 4, [False, True, False, True]]),
             label="sequence 1's encoder tokens are all padding (not graded, no NaN elsewhere)"),
    ],
    invariants=[Invariant("encoder padding ignored", encoder_padding_ignored),
                Invariant("decoder tokens independent", decoder_tokens_independent),
                kit.batch_independence()],
    mistakes=[
        kit.FLOAT_HEAD_DIM,
        Mistake(kit.PADDING_ON_QUERIES.name, like=learner_like("mask on queries"),
                hint="memory_mask marks encoder tokens, which are the KEYS: broadcast it as "
                     "memory_mask[:, None, None, :] against the (B, H, S_q, S_k) scores, so the last axis is masked."),
        Mistake(kit.CAUSAL_CROSS, like=learner_like("causal"),
                hint="A causal mask stops a token from seeing later tokens of its OWN sequence. The encoder's "
                     "output is complete before decoding starts: drop the mask here."),
        Mistake(kit.CAUSAL_CROSS, like=learner_like("causal bottom-right")),
        Mistake("keys and values projected from x (the decoder) instead of memory (the encoder)",
                like=learner_like("kv from x")),
        Mistake(kit.SCALED_BY_D_MODEL, like=learner_like("d_model scale"),
                hint="Each head works in head_dim dimensions: scale the scores by 1/sqrt(head_dim)."),
        Mistake("scores not scaled by 1/sqrt(head_dim)", like=learner_like("unscaled")),
        Mistake(kit.MASK_INVERTED, like=learner_like("mask inverted")),
        Mistake(kit.SOFTMAX_OVER_QUERIES, like=learner_like("softmax over queries")),
    ],
    graded=graded,
    loops=Loops(small=case(10, 2, 3, 5, 16, 2, mask=padded(5, [5, 3])),
                large=case(11, 5, 3, 5, 16, 8, mask=padded(5, [5, 3, 2, 4, 1])),
                over="the batch and the heads"),
    speed=Speed(lambda seed: case(20 + seed, 512, 4, 12, 16, 2), limit=30.0),
)], banned=kit.ATTENTION_BANNED)
