"""mha: a module graded through its forward, with reference weights loaded. Particular to it:
drawn head counts and head dims (d_model = n_heads · head_dim), padding masks and causality,
dropout graded in train() mode, and the attention family's mistakes from the kit's Attention."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, random_mask, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="Multi-head attention", zh="多头注意力", topic="attention", difficulty="medium", minutes=20,
            follow_ups=[{"ask": "Now share the keys and values between groups of query heads: grouped-query attention.", "drill": "gqa"}],
            oracle="nn.MultiheadAttention")
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


def learner_like(mistake):
    """MultiHeadAttention written as a learner would, making `mistake` (see kit.Attention)."""
    class MultiHeadAttention(kit.Attention):
        def __init__(self, d_model, n_heads, dropout=0.0):
            super().__init__(d_model, n_heads, dropout=dropout, mistake=mistake)
    return MultiHeadAttention


def case(seed, B, S, d_model, n_heads, mask=None, causal=False, dropout=None, label="", scale=1.0):
    init = (d_model, n_heads) if dropout is None else (d_model, n_heads, dropout)
    return Case(args=(seeded(seed, B, S, d_model, scale=scale),), kwargs={"mask": mask, "causal": causal},
                init=init, label=label, scale=scale)


def padded(B, S, real):
    return torch.tensor([[i < r for i in range(S)] for r in real])


DRILL = Drill(entries=[Entry(
    "MultiHeadAttention",
    inputs=inputs,
    examples=[
        case(1, 2, 4, 8, 2, label="plain"),
        case(2, 2, 5, 12, 3, causal=True, label="causal"),
        case(3, 2, 5, 8, 4, mask=padded(2, 5, [5, 3]), label="padding mask"),
        case(4, 3, 4, 8, 2, mask=torch.tensor([[True] * 4, [True, True, False, False], [True, False, True, False]]),
             causal=True, label="padding mask and causal"),
        case(5, 2, 3, 6, 1, causal=True, label="n_heads=1"),
        case(6, 1, 1, 8, 8, causal=True, label="S=1, head_dim=1"),
        case(7, 2, 4, 8, 2, dropout=0.5, label="dropout=0.5 in eval() mode: no dropout"),
        case(12, 2, 4, 8, 2, mask=torch.tensor([[False, True, True, True], [True] * 4]),
             label="left padding: with causal=True (as the causality check asks) token 0 of sequence 0 sees no key, "
                   "a row that is not graded"),
    ],
    extreme=[
        case(8, 2, 4, 8, 2, causal=True, scale=100.0, label="large inputs: scores ~ 1e4"),
        case(9, 2, 256, 16, 4, causal=True, label="S=256"),
        case(10, 2, 4, 8, 2, mask=torch.tensor([[False, False, True, True], [True] * 4]), causal=True,
             label="left padding and causal: tokens 0, 1 of sequence 0 see no key (not graded, no NaN elsewhere)"),
        case(11, 2, 3, 8, 2, mask=torch.tensor([[False] * 3, [True, False, True]]),
             label="sequence 0 is all padding (not graded, no NaN elsewhere)"),
    ],
    invariants=[kit.causality(), kit.padding_ignored(), kit.batch_independence(),
                kit.attention_dropout(init=lambda d, p: (d, 2, p), heads=lambda init: init[1])],
    mistakes=[
        kit.FLOAT_HEAD_DIM,
        Mistake(kit.SCALED_BY_D_MODEL, like=learner_like("d_model scale"),
                hint="Each head works in head_dim dimensions: scale the scores by 1/sqrt(head_dim)."),
        Mistake("scores not scaled by 1/sqrt(head_dim)", like=learner_like("unscaled")),
        Mistake(kit.MASK_INVERTED, like=learner_like("mask inverted")),
        Mistake(kit.PADDING_ON_QUERIES.name, like=learner_like("mask on queries"), hint=kit.PADDING_ON_QUERIES.hint),
        Mistake("softmax over the queries (dim=-2) instead of over the keys (dim=-1)",
                like=learner_like("softmax over queries")),
        kit.DROPOUT_AFTER_V, kit.NO_TRAIN_DROPOUT, kit.DROPOUT_NOT_INVERTED,
    ],
    graded=kit.padded_queries_graded,
    loops=Loops(small=case(12, 2, 4, 16, 2, mask=padded(2, 4, [4, 3]), causal=True),
                large=case(13, 5, 4, 16, 8, mask=padded(5, 4, [4, 3, 2, 4, 1]), causal=True),
                over="the batch and the heads"),
    speed=Speed(lambda seed: case(seed, 512, 8, 16, 2, causal=True), limit=30.0),
)], banned=kit.ATTENTION_BANNED)
