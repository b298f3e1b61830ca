"""self_attention: a one-head module graded through its forward, with reference weights loaded.
Particular to it: the head is all of d_model (so 1/sqrt(d_model) is right here), padding masks
that may leave a whole sequence without keys, dropout graded in train() mode (on the weights,
before they multiply V, inverted), and the family's mistakes from the kit's Attention."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, random_mask, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="Single-head self-attention", zh="自注意力", topic="attention", difficulty="easy",
            minutes=12,
            follow_ups=[{"ask": "Now split d_model into n_heads heads that attend independently and are "
                                "concatenated before o_proj: write multi-head attention.", "drill": "mha"}],
            oracle="nn.MultiheadAttention (one head)")
HINTS = [
    "q, k, v are each (B, S, d_model). scores = q @ k.transpose(-2, -1) is (B, S, S): one row per query, "
    "one column per key. Scale by 1/sqrt(d_model): with one head, the head is all of d_model.",
    "The (B, S) padding mask hides keys: broadcast it as mask[:, None, :] against the (B, S, S) scores and "
    "fill the hidden scores with -inf before the softmax over the keys (dim=-1).",
    "Dropout belongs on the attention weights: weights = dropout(softmax(scores)), then weights @ v. "
    "Dropping features of weights @ v afterwards is a different (wrong) model.",
    "return self.o_proj(self.dropout(torch.softmax(scores, dim=-1)) @ v)",
]


def inputs(draw) -> Case:
    B, S, d_model = draw(st.integers(1, 3)), draw(st.integers(1, 6)), draw(st.integers(1, 8))
    mask = None
    if draw(st.booleans()):        # mostly token 0 is real; sometimes a sequence is all padding
        mask = random_mask(draw, B, S, keep_first=draw(st.integers(0, 3)) > 0)
    return Case(args=(randn(draw, B, S, d_model),), kwargs={"mask": mask},
                init=(d_model, draw(st.sampled_from([0.0, 0.1]))), seed=draw(st.integers(0, 2**16)))


def learner_like(mistake):
    """SelfAttention written as a learner would, making `mistake` (see kit.Attention)."""
    class SelfAttention(kit.Attention):
        def __init__(self, d_model, dropout=0.0):
            super().__init__(d_model, 1, dropout=dropout, mistake=mistake)
    return SelfAttention


def case(seed, B, S, d_model, mask=None, dropout=None, label="", scale=1.0):
    return Case(args=(seeded(seed, B, S, d_model, scale=scale),), kwargs={"mask": mask},
                init=(d_model,) if dropout is None else (d_model, dropout), label=label, scale=scale)


DRILL = Drill(entries=[Entry(
    "SelfAttention",
    inputs=inputs,
    examples=[
        case(1, 2, 4, 8, label="plain"),
        case(2, 2, 4, 8, mask=torch.tensor([[True] * 4, [True, True, False, False]]), dropout=0.1,
             label="the prompt's example: padding mask"),
        case(3, 3, 5, 6, mask=torch.tensor([[True] * 5, [False, True, True, False, True], [True] + [False] * 4]),
             label="padding anywhere, one real token"),
        case(4, 1, 1, 4, label="S=1"),
        case(5, 2, 3, 1, label="d_model=1"),
        case(6, 2, 4, 8, dropout=0.5, label="dropout=0.5 in eval() mode: no dropout"),
    ],
    extreme=[
        case(7, 2, 4, 8, scale=100.0, label="large inputs: scores ~ 1e4"),
        case(8, 2, 256, 16, label="S=256"),
        case(9, 2, 3, 8, mask=torch.tensor([[False] * 3, [True, False, True]]),
             label="sequence 0 is all padding (not graded, no NaN elsewhere)"),
    ],
    invariants=[kit.padding_ignored(), kit.batch_independence(),
                kit.attention_dropout(init=lambda d, p: (d, p), heads=lambda init: 1)],
    mistakes=[
        Mistake("scores not scaled by 1/sqrt(d_model)", like=learner_like("unscaled")),
        Mistake(kit.MASK_INVERTED, like=learner_like("mask inverted")),
        Mistake(kit.PADDING_ON_QUERIES.name, like=learner_like("mask on queries"), hint=kit.PADDING_ON_QUERIES.hint),
        Mistake("softmax over the queries (dim=-2) instead of over the keys (dim=-1)",
                like=learner_like("softmax over queries")),
        kit.DROPOUT_AFTER_V, kit.NO_TRAIN_DROPOUT, kit.DROPOUT_NOT_INVERTED,
    ],
    graded=kit.padded_queries_graded,
    loops=Loops(small=case(10, 2, 4, 16, mask=torch.tensor([[True] * 4, [True, True, True, False]])),
                large=case(10, 5, 4, 16, mask=torch.tensor([[True] * 4, [True, True, True, False]] * 2 + [[True] * 4])),
                over="the batch"),
    speed=Speed(lambda seed: case(10 + seed, 512, 8, 16), limit=30.0),
)], banned=kit.ATTENTION_BANNED)
