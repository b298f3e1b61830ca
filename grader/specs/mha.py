import math

from hypothesis import strategies as st

import torch

from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, random_mask, seeded
from grader.counting import same_calls, torch_calls
from grader.specs.attention import BANNED
from reference.mha import MultiHeadAttention

META = dict(title="Multi-head attention", zh="多头注意力", topic="attention", difficulty="medium", minutes=20,
            follow_ups=[{"ask": "Now share the keys and values between groups of query heads: grouped-query attention.", "drill": "gqa"}])
HINTS = [
    "Project once for all heads: q_proj(x) is (B, S, d_model). view(B, S, n_heads, head_dim) then "
    "transpose(1, 2) gives (B, n_heads, S, head_dim): each head is one more batch dim for matmul.",
    "head_dim = d_model // n_heads (integer division: view() needs ints). Scale by 1/sqrt(head_dim).",
    "A (B, S) padding mask hides keys: broadcast it as mask[:, None, None, :] against the (B, H, S, S) "
    "scores. Causal: torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1) marks the future.",
    "Merge the heads with out.transpose(1, 2).reshape(B, S, d_model), then o_proj.",
]

# a float head_dim (d_model / n_heads) reaching view / reshape / split / nn.Linear / range raises one of these
FLOAT_HEAD_DIM = Mistake("head_dim computed with / (a float): use d_model // n_heads",
                         error=r"tuple of ints, ?but (got|found element of type) float|must be (int|tuple of ints), "
                               r"not float|'float' object cannot be interpreted as an integer")


def inputs(draw) -> Case:
    n_heads, head_dim = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    B, S = draw(st.integers(1, 3)), draw(st.integers(1, 6))
    d_model = n_heads * head_dim
    mask = random_mask(draw, B, S) if draw(st.booleans()) else None   # token 0 is always real
    return Case(args=(randn(draw, B, S, d_model),), kwargs={"mask": mask, "causal": draw(st.booleans())},
                init=(d_model, n_heads, draw(st.sampled_from([0.0, 0.1]))), seed=draw(st.integers(0, 2**16)))


def graded(case: Case, expected: torch.Tensor) -> torch.Tensor:
    """Queries that may attend no key at all (causal, left padding) are not graded."""
    B, S, _ = case.args[0].shape
    keep = torch.ones(B, S, S, dtype=torch.bool)
    if case.kwargs.get("causal"):
        keep = keep.tril()
    if case.kwargs.get("mask") is not None:
        keep = keep & case.kwargs["mask"][:, None, :]
    return keep.any(-1, keepdim=True).expand_as(expected)


def changed_after(case: Case, rows: torch.Tensor) -> Case:
    """The case with the tokens where rows (B, S) is True replaced."""
    x = case.args[0]
    x = torch.where(rows[..., None], -2.0 * x + 1.0, x)
    return Case(args=(x,), kwargs=case.kwargs, init=case.init, seed=case.seed)


def future_tokens_ignored(call, case):
    B, S, _ = case.args[0].shape
    if S < 2:
        return
    p = S // 2
    causal = Case(args=case.args, kwargs=case.kwargs | {"causal": True}, init=case.init, seed=case.seed)
    later = torch.zeros(B, S, dtype=torch.bool)
    later[:, p:] = True
    a, b = call(causal), call(changed_after(causal, later))
    if not torch.allclose(a[:, :p], b[:, :p], atol=1e-5, equal_nan=True):
        raise Fail(f"with causal=True, changing tokens {p}..{S - 1} changed the outputs at tokens 0..{p - 1}")


def padding_ignored(call, case):
    mask = case.kwargs.get("mask")
    if mask is None or mask.all():
        return
    a, b = call(case), call(changed_after(case, ~mask))
    if not torch.allclose(a[mask], b[mask], atol=1e-5, equal_nan=True):
        raise Fail("changing the padding tokens (mask False) changed the outputs of real tokens: padding must be "
                   "hidden as keys, mask[:, None, None, :] against the (B, H, S_q, S_k) scores")


def batch_independent(call, case):
    B = case.args[0].shape[0]
    if B < 2:
        return
    first = torch.zeros(B, case.args[0].shape[1], dtype=torch.bool)
    first[0] = True
    a, b = call(case), call(changed_after(case, first))
    if not torch.allclose(a[1:], b[1:], atol=1e-5, equal_nan=True):
        raise Fail("changing batch element 0 changed the outputs of the other batch elements")


INVARIANTS = [Invariant("causality", future_tokens_ignored), Invariant("padding ignored", padding_ignored),
              Invariant("batch independence", batch_independent)]


def no_loop_over_batch_or_heads(entry: str, inits: list):
    """A Custom check: the learner's `entry` module, built with each of `inits` (more heads in the
    second), makes as many torch calls on a batch of 2 as on a batch of 5."""
    def check(module):
        counts = {}
        for B, init in zip((2, 5), inits):
            attn = getattr(module, entry)(*init).eval()
            x, mask = seeded(1, B, 4, init[0]), torch.tensor([[True, True, True, False]] * B)
            counts[f"B={B}, {entry}{init}"] = torch_calls(lambda: attn(x, mask=mask, causal=True))
        same_calls(counts, "the batch or the number of heads")
    return check


# ---- classic mistakes, as subclasses of the reference ------------------------------------------

class ScaledByDModel(MultiHeadAttention):
    def __init__(self, d_model, n_heads, dropout=0.0):
        super().__init__(d_model, n_heads, dropout)
        self.scale = 1 / math.sqrt(d_model)


class MaskInverted(MultiHeadAttention):
    def forward(self, x, mask=None, causal=False):
        return super().forward(x, None if mask is None else ~mask, causal)


class MaskOnQueries(MultiHeadAttention):
    def forward(self, x, mask=None, causal=False):
        out = super().forward(x, None, causal)       # keys not hidden ...
        return out if mask is None else out.masked_fill(~mask[..., None], float("nan"))   # ... padded queries NaN


DRILL = Drill(
    entry="MultiHeadAttention",
    inputs=inputs,
    examples=[
        Case(args=(seeded(1, 2, 4, 8),), kwargs={"mask": None, "causal": False}, init=(8, 2), label="plain"),
        Case(args=(seeded(2, 2, 5, 12),), kwargs={"mask": None, "causal": True}, init=(12, 3), label="causal"),
        Case(args=(seeded(3, 2, 5, 8),), kwargs={"mask": torch.tensor([[True] * 5, [True, True, True, False, False]]),
                                                 "causal": False}, init=(8, 4), label="padding mask"),
        Case(args=(seeded(4, 3, 4, 8),),
             kwargs={"mask": torch.tensor([[True] * 4, [True, True, False, False], [True, False, True, False]]),
                     "causal": True}, init=(8, 2), label="padding mask and causal"),
        Case(args=(seeded(5, 2, 3, 6),), kwargs={"mask": None, "causal": True}, init=(6, 1), label="n_heads=1"),
        Case(args=(seeded(6, 1, 1, 8),), kwargs={"mask": None, "causal": True}, init=(8, 8), label="S=1, head_dim=1"),
        Case(args=(seeded(7, 2, 4, 8),), kwargs={"mask": None, "causal": False}, init=(8, 2, 0.5),
             label="dropout=0.5 in eval() mode: no dropout"),
    ],
    extreme=[
        Case(args=(seeded(8, 2, 4, 8, scale=100.0),), kwargs={"mask": None, "causal": True}, init=(8, 2),
             scale=100.0, label="large inputs: scores ~ 1e4"),
        Case(args=(seeded(9, 2, 256, 16),), kwargs={"mask": None, "causal": True}, init=(16, 4), label="S=256"),
        Case(args=(seeded(10, 2, 4, 8),),
             kwargs={"mask": torch.tensor([[False, False, True, True], [True] * 4]), "causal": True}, init=(8, 2),
             label="left padding and causal: tokens 0, 1 of sequence 0 see no key (not graded, no NaN elsewhere)"),
        Case(args=(seeded(11, 2, 3, 8),), kwargs={"mask": torch.tensor([[False] * 3, [True, False, True]]),
                                                  "causal": False}, init=(8, 2),
             label="sequence 0 is all padding (not graded, no NaN elsewhere)"),
    ],
    invariants=INVARIANTS,
    custom=[Custom("no loop over batch or heads",
                   no_loop_over_batch_or_heads("MultiHeadAttention", [(16, 2), (16, 8)]))],
    mistakes=[
        FLOAT_HEAD_DIM,
        Mistake("scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)", like=ScaledByDModel),
        Mistake("mask polarity inverted: True means a real token, hide the keys where the mask is False",
                like=MaskInverted),
        Mistake("padding mask applied to the queries instead of the keys", like=MaskOnQueries),
    ],
    banned=BANNED,
    graded=graded,
    speed=lambda: Case(args=(seeded(12, 512, 8, 16),), kwargs={"mask": None, "causal": True}, init=(16, 2)),
    speed_limit=8.0,
)
