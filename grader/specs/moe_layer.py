"""moe_layer: a sparse mixture-of-experts FFN (top-k routing, dispatch, weighted combine, capacity
with dropped tokens, a shared expert), graded on values and gradients. Particular to it: routings
with clear margins (no near-tie decides an expert), capacity factors that drop tokens in token
order (and one loose enough to drop none), k from 1 to E, a token-independence invariant when
nothing is dropped, and the classic mistakes of weights not renormalised, overflow not dropped
(or dropped in another order, or renormalised after), combine weights applied twice, and the
shared expert mishandled. A loop over experts is expected; a loop over tokens is not."""
import math

from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Mixture of experts layer", zh="混合专家层", topic="positions and blocks", difficulty="hard",
            minutes=30, oracle="transformers MixtralSparseMoeBlock (no capacity), a dense loop over experts "
                               "(capacity and shared expert)")
HINTS = [
    "probs = softmax(x @ router_weight.T, -1); weights, experts = probs.topk(k, -1); weights /= weights.sum(-1, "
    "keepdim=True). capacity = math.ceil(capacity_factor * T * k / E), or T * k when there is none.",
    "For each expert e: token, slot = (experts == e).nonzero(as_tuple=True) lists its tokens in token order "
    "(and which of their k choices it was); keep token[:capacity], slot[:capacity].",
    "y = SwiGLU of x[token] with expert e's weights, scaled by weights[token, slot, None], then "
    "out = out.index_add(0, token, y): each kept (token, expert) pair is weighted exactly once.",
    "Start from out = torch.zeros_like(x); add the shared expert's SwiGLU of all of x at the end, unweighted.",
]


# ---- inputs ------------------------------------------------------------------------------------

def clear_margins(x, router_weight, k, gap=1e-3) -> bool:
    """The k + 1 largest router probabilities of every token (in float32) each exceed the next by a
    factor 1 + gap, so that no rounding decides which experts are chosen; only the last may be 0."""
    probs = (x @ router_weight.T).softmax(-1)
    top = probs.topk(min(k + 1, router_weight.shape[0]), dim=-1).values
    return bool((top[:, :-1] > top[:, 1:] * (1 + gap)).all())


def weights_for(gen, E, d_model, d_ff, d_shared=None, scale=0.5):
    experts = [torch.randn(E, d_ff, d_model, generator=gen) * scale, torch.randn(E, d_ff, d_model, generator=gen) * scale,
               torch.randn(E, d_model, d_ff, generator=gen) * scale]
    shared = None if d_shared is None else (torch.randn(d_shared, d_model, generator=gen) * scale,
                                            torch.randn(d_shared, d_model, generator=gen) * scale,
                                            torch.randn(d_model, d_shared, generator=gen) * scale)
    return experts, shared


def layer_case(seed, T, d_model, E, d_ff, k, capacity_factor=None, d_shared=None, router_scale=1.0, x_scale=1.0,
               label=""):
    """A case whose routing has clear margins (the first seed at or after `seed` that gives them)."""
    for attempt in range(10**6):
        gen = torch.Generator().manual_seed(seed + 1000 * attempt)
        x = torch.randn(T, d_model, generator=gen) * x_scale
        router = torch.randn(E, d_model, generator=gen) * router_scale * 0.9 ** (attempt // 20)   # milder if need be
        if clear_margins(x, router, k):
            break
    (w_gate, w_up, w_down), shared = weights_for(gen, E, d_model, d_ff, d_shared)
    kwargs = {} if capacity_factor is None else {"capacity_factor": capacity_factor}
    if shared is not None:
        kwargs["shared"] = shared
    return Case(args=(x, router, w_gate, w_up, w_down, k), kwargs=kwargs, scale=max(1.0, x_scale), label=label)


def inputs(draw) -> Case:
    E = draw(st.integers(2, 6))
    return layer_case(draw(st.integers(0, 2**16)), T=draw(st.integers(1, 10)), d_model=draw(st.integers(1, 6)), E=E,
                      d_ff=draw(st.integers(1, 6)), k=draw(st.integers(1, E)),
                      capacity_factor=draw(st.sampled_from([None, None, 0.5, 1.0, 1.25, 2.0])),
                      d_shared=draw(st.sampled_from([None, None, 1, 4])),
                      router_scale=draw(st.sampled_from([0.5, 1.0, 3.0])))


EYE = torch.eye(2)
PROMPT_W = (torch.tensor([[[1.0, 0.0]], [[0.0, 1.0]]]), torch.tensor([[[1.0, 0.0]], [[0.0, 1.0]]]),
            torch.tensor([[[1.0], [0.0]], [[0.0], [1.0]]]))
PROMPT_X = torch.tensor([[1.0, 0.0], [0.0, 1.0], [2.0, 0.0]])


def prompt(k, label, **kwargs):
    return Case(args=(PROMPT_X, EYE, *PROMPT_W, k), kwargs=kwargs, label=label)


# ---- invariants (no reference needed) ----------------------------------------------------------

def tokens_independent(call, case):
    """Without a capacity, changing token 0 changes no other token's output."""
    x = case.args[0]
    if case.kwargs.get("capacity_factor") is not None or x.shape[0] < 2:
        return
    other = x.clone()
    other[0] = -3 * other[0] + 1
    a, b = call(case), call(kit.with_arg(case, 0, other))
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor) or a.shape != x.shape:
        raise Fail(f"expected an output of x's shape {tuple(x.shape)}")
    if not torch.allclose(a[1:], b[1:], atol=1e-5 * case.scale, rtol=1e-4):
        raise Fail("without a capacity, changing token 0 changed the outputs of other tokens: each token's output "
                   "depends on that token alone")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def swiglu(h, g, u, d, wrong_branch=False):
    a, b = h @ g.T, h @ u.T
    if wrong_branch:
        a, b = b, a
    return (F.silu(a) * b) @ d.T


def layer(renormalise=True, capacity="applied", capacity_k=True, capacity_round="ceil", keep="first",
          weighting="once", renormalise_after_drop=False, shared_mode="once", wrong_branch=False, softmax_dim=-1):
    """moe_layer, or one of its classic mistakes."""
    def moe_layer(x, router_weight, w_gate, w_up, w_down, k, capacity_factor=None, shared=None):
        T, E = x.shape[0], router_weight.shape[0]
        probs = torch.softmax(x @ router_weight.T, dim=softmax_dim)
        weights, experts = probs.topk(k, dim=-1)
        if renormalise:
            weights = weights / weights.sum(-1, keepdim=True)
        cap = T * k
        if capacity_factor is not None and capacity == "applied":
            load = capacity_factor * T * (k if capacity_k else 1) / E
            cap = math.ceil(load) if capacity_round == "ceil" else int(load)
        kept = torch.zeros_like(weights, dtype=torch.bool)
        for e in range(E):
            token, slot = (experts == e).nonzero(as_tuple=True)
            if keep == "last":
                token, slot = token[max(0, len(token) - cap):], slot[max(0, len(slot) - cap):]
            else:
                token, slot = token[:cap], slot[:cap]
            kept[token, slot] = True
        if renormalise_after_drop:
            weights = weights * kept / (weights * kept).sum(-1, keepdim=True).clamp(min=1e-12)
        out = torch.zeros_like(x)
        for e in range(E):
            token, slot = (experts == e).nonzero(as_tuple=True)
            keep_e = kept[token, slot]
            token, slot = token[keep_e], slot[keep_e]
            w = weights[token, slot, None]
            h = x[token] * w if weighting == "twice, on the input" else x[token]
            y = swiglu(h, w_gate[e], w_up[e], w_down[e], wrong_branch)
            y = y * w * w if weighting == "squared" else y * w
            out = out.index_add(0, token, y)
            if shared is not None and shared_mode == "per expert":
                out = out.index_add(0, token, swiglu(x[token], *shared))
        if shared is not None and shared_mode == "once":
            out = out + swiglu(x, *shared)
        elif shared is not None and shared_mode == "weighted":
            out = out + swiglu(x, *shared) * probs.amax(-1, keepdim=True)
        return out
    return moe_layer


TWICE = ("combine weights applied twice (on the expert's input and its output, or squared): weight each kept "
         "(token, expert) output exactly once")
CAPACITY = "capacity overflow not dropped: each expert keeps at most ceil(capacity_factor * T * k / E) tokens"
MISTAKES = [
    Mistake("weights not renormalised over the k chosen experts: divide the top-k probabilities by their sum",
            like=layer(renormalise=False)),
    Mistake(CAPACITY, like=layer(capacity="ignored"),
            hint="Per expert, (experts == e).nonzero(as_tuple=True) lists its tokens in token order: keep only "
                 "the first `capacity` of them."),
    Mistake("capacity computed without k: capacity = ceil(capacity_factor * T * k / E), each token takes k slots",
            like=layer(capacity_k=False)),
    Mistake("capacity rounded down: capacity = ceil(capacity_factor * T * k / E)", like=layer(capacity_round="floor")),
    Mistake("overflow dropped in the wrong order: an expert keeps its FIRST tokens in token order", like=layer(keep="last")),
    Mistake("weights renormalised after dropping: a dropped expert's weight is simply lost, the others keep theirs",
            like=layer(renormalise_after_drop=True)),
    Mistake(TWICE, like=layer(weighting="twice, on the input"),
            hint="Send the token itself to the expert, and multiply the expert's OUTPUT by its weight, once."),
    Mistake(TWICE, like=layer(weighting="squared")),
    Mistake("shared expert added once per routed expert: add it once per token, outside the loop over experts",
            like=layer(shared_mode="per expert")),
    Mistake("shared expert left out: it is added to every token's output, weight 1", like=layer(shared_mode="none")),
    Mistake("shared expert weighted by the router: its weight is 1", like=layer(shared_mode="weighted")),
    Mistake(kit.SWIGLU_WRONG_BRANCH, like=layer(wrong_branch=True)),
    Mistake("softmax over the tokens (dim 0) instead of over the experts (dim -1)", like=layer(softmax_dim=0)),
]

DRILL = Drill(entries=[Entry(
    "moe_layer",
    inputs=inputs,
    examples=[
        prompt(1, "the prompt's example, k = 1"),
        prompt(1, "the prompt's example, capacity 1: token 2 dropped", capacity_factor=0.5),
        prompt(2, "the prompt's example, k = 2"),
        layer_case(1, T=8, d_model=6, E=4, d_ff=5, k=2, capacity_factor=1.0, label="k = 2, capacity 4: some dropped"),
        layer_case(2, T=7, d_model=4, E=3, d_ff=6, k=2, d_shared=3, label="a shared expert, no capacity"),
        layer_case(3, T=9, d_model=5, E=4, d_ff=4, k=2, capacity_factor=0.7, d_shared=2,
                   label="capacity ceil(0.7 * 9 * 2 / 4) = 4 with a shared expert"),
        layer_case(4, T=6, d_model=3, E=3, d_ff=4, k=3, label="k = E: every expert for every token"),
        layer_case(5, T=1, d_model=4, E=4, d_ff=3, k=2, capacity_factor=0.25, label="one token"),
        layer_case(6, T=10, d_model=4, E=2, d_ff=3, k=1, capacity_factor=4.0, label="a capacity that drops nothing"),
    ],
    extreme=[
        layer_case(7, T=512, d_model=16, E=8, d_ff=32, k=2, capacity_factor=1.25, d_shared=16, label="512 tokens"),
        layer_case(8, T=16, d_model=8, E=4, d_ff=8, k=1, router_scale=200.0, capacity_factor=1.0,
                   label="router logits in the hundreds"),
    ],
    invariants=[Invariant("tokens independent without a capacity", tokens_independent)],
    mistakes=MISTAKES,
    loops=Loops(small=layer_case(9, T=4, d_model=8, E=4, d_ff=8, k=2, capacity_factor=1.0, d_shared=4),
                large=layer_case(9, T=12, d_model=8, E=4, d_ff=8, k=2, capacity_factor=1.0, d_shared=4),
                over="the tokens"),
    speed=Speed(lambda seed: layer_case(seed, T=2048, d_model=64, E=8, d_ff=128, k=2, capacity_factor=1.25,
                                        d_shared=64), limit=30.0),
)])
