from hypothesis import strategies as st

import torch

from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake, randn, random_mask, seeded
from grader.counting import same_calls, torch_calls
from grader.specs.attention import BANNED
from grader.specs.mha import batch_independent, graded, padding_ignored
from reference.self_attention import SelfAttention

META = dict(title="Single-head self-attention", zh="自注意力", topic="attention", difficulty="easy",
            minutes=12,
            follow_ups=[{"ask": "Now split d_model into n_heads heads that attend independently and are "
                                "concatenated before o_proj: write multi-head attention.", "drill": "mha"}])
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
    mask = random_mask(draw, B, S) if draw(st.booleans()) else None   # token 0 is always real
    return Case(args=(randn(draw, B, S, d_model),), kwargs={"mask": mask},
                init=(d_model, draw(st.sampled_from([0.0, 0.1]))), seed=draw(st.integers(0, 2**16)))


def no_loop(entry: str, inits: list, call, what="the batch or the number of heads"):
    """A Custom check: the learner's `entry` module built with inits[0] on a batch of 2, then with
    inits[1] (more heads, where there are heads) on a batch of 5, makes as many torch calls.
    call(module, B, init) runs one forward pass. The mla and transformer_block drills use it too."""
    def check(module):
        counts = {}
        for B, init in zip((2, 5), inits):
            impl = getattr(module, entry)(*init).eval()
            counts[f"B={B}, {entry}{init}"] = torch_calls(lambda: call(impl, B, init))
        same_calls(counts, what)
    return check


def forward_padded(attn, B, init):
    x, mask = seeded(1, B, 4, init[0]), torch.tensor([[True, True, True, False]] * B)
    return attn(x, mask=mask)


# ---- dropout, graded in train() mode without depending on how the random numbers are drawn -----
#
# With q_proj = 0 every score is 0, so each query spreads 1/S over the S keys; with v_proj = 0 and
# bias u, every value is u; with o_proj = identity the output of query i is c_i · u where
# c_i = (number of kept keys) / (S (1 - p)). Dropout after weights @ v instead zeroes single
# features of c_i · u, so output rows stop being multiples of u.

D, S, B, P = 8, 8, 64, 0.5
U = 1.0 + torch.arange(D) / D                     # no zero feature: out / U is defined


def train_mode_rows(module) -> torch.Tensor:
    """(B, S, D): the learner's output in train() mode divided by u, feature by feature."""
    attn = module.SelfAttention(D, P)
    state = {k: v.detach().clone() for k, v in SelfAttention(D, P).state_dict().items()}
    for name in ("q_proj.weight", "q_proj.bias", "v_proj.weight", "o_proj.bias"):
        state[name].zero_()
    state["v_proj.bias"].copy_(U)
    state["o_proj.weight"].copy_(torch.eye(D))
    attn.load_state_dict(state, strict=True)
    attn.train()
    torch.manual_seed(0)
    with torch.no_grad():
        return attn(seeded(1, B, S, D)) / U


def spread(ratio: torch.Tensor) -> torch.Tensor:
    """(B, S): how far each output row is from a multiple of u."""
    return ratio.amax(-1) - ratio.amin(-1)


def dropout_on_weights(module):
    ratio = train_mode_rows(module)
    if spread(ratio).max() > 1e-4:
        b, i = divmod(int(spread(ratio).argmax()), S)
        raise Fail(f"in train() with dropout={P}, uniform attention and every value equal to u, the output of "
                   f"query {i} in sequence {b} is {[round(v, 3) for v in ratio[b, i].tolist()]} × u feature by "
                   f"feature: single features were zeroed. Dropout must drop attention weights (before "
                   f"weights @ v), which scales whole rows, not features of the output")


def dropout_statistics(module):
    # seeded, so deterministic; for a correct dropout c_i = k / 4 with k ~ Binomial(8, 1/2): all 512 rows
    # equal 1 with probability 0.27^512, and the mean of c strays 0.1 from 1 with probability < 1e-9.
    ratio = train_mode_rows(module)
    if spread(ratio).max() > 1e-4:
        return                                     # dropped features: "dropout on the attention weights" says so
    c = ratio.mean(-1)                             # (B, S): the sum of each query's attention weights
    kept = c * S * (1 - P)
    if (kept - kept.round()).abs().max() > 1e-3:
        raise Fail(f"in train() with dropout={P} and uniform attention over {S} keys, a query's weights summed to "
                   f"{c.flatten()[(kept - kept.round()).abs().flatten().argmax()].item():.4g}: with inverted dropout "
                   f"they sum to (kept keys) / ({S} × (1 - p)). Drop weights after the softmax, scale by 1/(1-p), "
                   f"and do not renormalise")
    if torch.allclose(c, torch.ones_like(c)):
        raise Fail(f"in train() with dropout={P} every query's attention weights still sum to 1: no attention "
                   f"weight was dropped (dropout missing, applied before the softmax, or not in training mode?)")
    if abs(c.mean().item() - 1) > 0.1:
        raise Fail(f"in train() with dropout={P} the attention weights sum to {c.mean().item():.3g} on average "
                   f"instead of 1: survivors must be scaled by 1/(1-p) (inverted dropout)")


# ---- classic mistakes, as subclasses of the reference ------------------------------------------

class Unscaled(SelfAttention):
    def __init__(self, d_model, dropout=0.0):
        super().__init__(d_model, dropout)
        self.scale = 1.0


class MaskInverted(SelfAttention):
    def forward(self, x, mask=None):
        return super().forward(x, None if mask is None else ~mask)


class MaskOnQueries(SelfAttention):
    def forward(self, x, mask=None):
        out = super().forward(x, None)                 # keys not hidden ...
        return out if mask is None else out.masked_fill(~mask[..., None], float("nan"))   # ... padded queries NaN


class SoftmaxOverQueries(SelfAttention):
    def forward(self, x, mask=None):
        q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)
        scores = q @ k.transpose(-2, -1) * self.scale
        if mask is not None:
            scores = scores.masked_fill(~mask[:, None, :], float("-inf"))
        return self.o_proj(torch.softmax(scores, dim=-2) @ v)


DRILL = Drill(
    entry="SelfAttention",
    inputs=inputs,
    examples=[
        Case(args=(seeded(1, 2, 4, 8),), kwargs={"mask": None}, init=(8,), label="plain"),
        Case(args=(seeded(2, 2, 4, 8),), kwargs={"mask": torch.tensor([[True] * 4, [True, True, False, False]])},
             init=(8, 0.1), label="the prompt's example: padding mask"),
        Case(args=(seeded(3, 3, 5, 6),),
             kwargs={"mask": torch.tensor([[True] * 5, [False, True, True, False, True], [True] + [False] * 4])},
             init=(6,), label="padding anywhere, one real token"),
        Case(args=(seeded(4, 1, 1, 4),), kwargs={"mask": None}, init=(4,), label="S=1"),
        Case(args=(seeded(5, 2, 3, 1),), kwargs={"mask": None}, init=(1,), label="d_model=1"),
        Case(args=(seeded(6, 2, 4, 8),), kwargs={"mask": None}, init=(8, 0.5),
             label="dropout=0.5 in eval() mode: no dropout"),
    ],
    extreme=[
        Case(args=(seeded(7, 2, 4, 8, scale=100.0),), kwargs={"mask": None}, init=(8,), scale=100.0,
             label="large inputs: scores ~ 1e4"),
        Case(args=(seeded(8, 2, 256, 16),), kwargs={"mask": None}, init=(16,), label="S=256"),
        Case(args=(seeded(9, 2, 3, 8),), kwargs={"mask": torch.tensor([[False] * 3, [True, False, True]])},
             init=(8,), label="sequence 0 is all padding (not graded, no NaN elsewhere)"),
    ],
    invariants=[Invariant("padding ignored", padding_ignored), Invariant("batch independence", batch_independent)],
    custom=[Custom("dropout on the attention weights", dropout_on_weights),
            Custom("dropout in train()", dropout_statistics),
            Custom("no loop over the batch", no_loop("SelfAttention", [(16,), (16,)], forward_padded, "the batch"))],
    mistakes=[
        Mistake("dropout applied after multiplying by V: it must drop attention weights (softmax output), "
                "before weights @ v", check="dropout on the attention weights"),
        Mistake("scores not scaled by 1/sqrt(d_model)", like=Unscaled),
        Mistake("mask polarity inverted: True means a real token, hide the keys where the mask is False",
                like=MaskInverted),
        Mistake("padding mask applied to the queries instead of the keys", like=MaskOnQueries),
        Mistake("softmax over the queries (dim=-2) instead of over the keys (dim=-1)", like=SoftmaxOverQueries),
    ],
    banned=BANNED,
    graded=graded,
    speed=lambda: Case(args=(seeded(10, 512, 8, 16),), kwargs={"mask": None}, init=(16,)),
    speed_limit=8.0,
)
