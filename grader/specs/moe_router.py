from hypothesis import strategies as st

import torch
from grader.spec import Case, Drill, Fail, Invariant, Mistake, seeded
from reference.moe_router import route

META = dict(title="Top-k MoE router", zh="混合专家路由", topic="positions and blocks", difficulty="medium",
            minutes=20)
HINTS = [
    "probs = softmax(x @ gate_weight.T) over dim=-1 (the experts); then top, experts = probs.topk(k, dim=-1) "
    "and weights = top / top.sum(-1, keepdim=True).",
    "Count the routing without a loop: a (T, E) zero tensor with 1 where an expert was chosen — "
    "torch.zeros_like(probs).scatter_(1, experts, 1.0) — then its mean over tokens, divided by k, is f.",
    "P = probs.mean(0); aux_loss = E * (f * P).sum(). f carries no gradient (it is counts); P does.",
]
OUTPUTS = "compared: weights, experts, aux_loss"


def make(x, gate_weight, k, label="") -> Case:
    return Case(args=(x, gate_weight, k), label=f"{label}; {OUTPUTS}" if label else OUTPUTS)


def clear_margins(x, w, k, gap=1e-4) -> bool:
    """No near-ties among the k + 1 largest probabilities of any token, so that which experts are
    chosen, and their order, is not decided by rounding."""
    probs = (x.double() @ w.double().T).softmax(-1)
    top = probs.topk(min(k + 1, w.shape[0]), dim=-1).values
    return top.shape[1] < 2 or bool((top[:, :-1] - top[:, 1:]).min() > gap)


def tie_free(seed, T, d, E, k, scale=1.0, gap=1e-4) -> tuple:
    """(x, gate_weight, k) from the first seed at or after `seed` whose routing has clear margins."""
    while True:
        x, w = seeded(seed, T, d), seeded(seed + 1, E, d, scale=scale)
        if clear_margins(x, w, k, gap):
            return x, w, k
        seed += 2


def inputs(draw) -> Case:
    T, d = draw(st.integers(1, 8)), draw(st.integers(1, 6))
    E = draw(st.integers(2, 8))
    k = draw(st.integers(1, E))
    scale = draw(st.sampled_from([0.5, 1.0, 3.0]))
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    for _ in range(100):                       # redraw the rare near-tie (deterministic given the seed)
        x, w = torch.randn(T, d, generator=g), torch.randn(E, d, generator=g) * scale
        if clear_margins(x, w, k):
            break
    return make(x, w, k)


def routing_is_consistent(call, case):
    weights, experts, _ = call(case)
    k = case.args[2]
    sums = weights.sum(-1)
    if not torch.allclose(sums, torch.ones_like(sums), atol=1e-5):
        raise Fail(f"a token's k = {k} weights sum to {sums.flatten()[:4].tolist()}, not 1: renormalise over the "
                   f"chosen experts")
    if (weights[:, 1:] > weights[:, :-1] + 1e-6).any():
        raise Fail("a token's weights are not in descending order: list its experts largest first, as topk does")
    picked = experts.sort(-1).values
    if (picked[:, 1:] == picked[:, :-1]).any():
        raise Fail(f"a token was routed to the same expert twice: {experts.tolist()}")


def balanced_router(call, case):
    """A zero gate gives every expert probability 1/E: whichever k are picked (all tie), the
    weights are 1/k and the loss of a perfectly balanced router, E * sum(f_e / E) = 1."""
    x, w, k = case.args
    weights, _, aux = call(make(x, torch.zeros_like(w), k))
    if not torch.allclose(weights, torch.full_like(weights, 1 / k), atol=1e-6):
        raise Fail(f"with all router logits equal, each of the k = {k} weights should be 1/k; got "
                   f"{weights.flatten()[:4].tolist()}")
    if not torch.allclose(aux, torch.ones_like(aux), atol=1e-5):
        raise Fail(f"with all router probabilities equal (1/E each) the aux loss should be 1 (E * sum of f_e / E, "
                   f"with f summing to 1); got {aux.item():.6g}")


# ---- the classic mistakes -----------------------------------------------------------------------

def probabilities(x, gate_weight, dim=-1):
    return (x @ gate_weight.T).softmax(dim)


def aux(probs, experts, k, E, f_scale=None):
    chosen = torch.zeros_like(probs).scatter_(-1, experts, 1.0)
    f = chosen.mean(0) / (k if f_scale is None else f_scale)
    return E * (f * probs.mean(0)).sum()


def not_renormalised(x, gate_weight, k):
    probs = probabilities(x, gate_weight)
    top, experts = probs.topk(k, -1)
    return top, experts, aux(probs, experts, k, gate_weight.shape[0])


def softmax_over_tokens(x, gate_weight, k):
    probs = probabilities(x, gate_weight, dim=0)
    top, experts = probs.topk(k, -1)
    return top / top.sum(-1, keepdim=True), experts, aux(probs, experts, k, gate_weight.shape[0])


def aux_without_E(x, gate_weight, k):
    weights, experts, loss = route(x, gate_weight, k)
    return weights, experts, loss / gate_weight.shape[0]


def f_not_divided_by_k(x, gate_weight, k):
    probs = probabilities(x, gate_weight)
    weights, experts, _ = route(x, gate_weight, k)
    return weights, experts, aux(probs, experts, k, gate_weight.shape[0], f_scale=1)


def f_from_top1(x, gate_weight, k):
    probs = probabilities(x, gate_weight)
    weights, experts, _ = route(x, gate_weight, k)
    return weights, experts, aux(probs, experts[:, :1], 1, gate_weight.shape[0])


def f_from_probabilities(x, gate_weight, k):
    probs = probabilities(x, gate_weight)
    weights, experts, _ = route(x, gate_weight, k)
    P = probs.mean(0)
    return weights, experts, gate_weight.shape[0] * (P * P).sum()


def unstable_softmax(x, gate_weight, k):
    z = (x @ gate_weight.T).exp()
    probs = z / z.sum(-1, keepdim=True)
    top, experts = probs.topk(k, -1)
    return top / top.sum(-1, keepdim=True), experts, aux(probs, experts, k, gate_weight.shape[0])


DRILL = Drill(
    entry="route",
    inputs=inputs,
    examples=[
        make(torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
             torch.tensor([[1.0, 0.0], [0.0, 2.0], [-1.0, 0.5]]), 2, "the prompt's example"),
        make(*tie_free(1, 5, 4, 6, 1), "k = 1: the Switch Transformer router"),
        make(*tie_free(3, 4, 3, 4, 4), "k = E: every expert chosen, f_e = 1/E"),
        make(*tie_free(5, 1, 8, 8, 3), "one token"),
        make(*tie_free(7, 6, 5, 3, 2, scale=2.0), "more tokens than experts, uneven load"),
    ],
    extreme=[
        make(seeded(9, 4, 8) * 300, seeded(10, 6, 8) * 3, 1, "router logits in the thousands: exp overflows"),
        make(*tie_free(11, 2048, 16, 8, 2, gap=1e-6), "2048 tokens, 8 experts, k = 2"),
    ],
    invariants=[Invariant("k distinct experts, weights descending and summing to 1", routing_is_consistent),
                Invariant("a uniform router has aux loss 1", balanced_router)],
    mistakes=[
        Mistake("weights not renormalised over the k chosen experts (renormalising all E probabilities "
                "before top-k changes nothing)", like=not_renormalised),
        Mistake("softmax over the tokens (dim 0) instead of over the experts (dim -1)", like=softmax_over_tokens),
        Mistake("aux loss without the factor E (the number of experts)", like=aux_without_E),
        Mistake("f_e not divided by k: f_e is the share of the T*k routing slots, summing to 1",
                like=f_not_divided_by_k),
        Mistake("f_e counted from the top-1 expert only; count all k chosen experts", like=f_from_top1),
        Mistake("f_e taken from the probabilities (E * sum P_e^2): f_e counts the routing decisions",
                like=f_from_probabilities),
        Mistake("softmax without subtracting the max (exp overflows)", like=unstable_softmax),
        Mistake("router logits must be x @ gate_weight.T: gate_weight is (E, d), one row per expert",
                error="shapes cannot be multiplied|size mismatch|must match the size"),
        Mistake("an input modified in place: work on new tensors", check="inputs unchanged"),
    ],
    speed=lambda: make(seeded(13, 2048, 16), seeded(14, 8, 16), 2),     # ties don't matter for timing
    speed_limit=15.0,        # correct variants read up to ~1.8x, a loop over tokens ~120x
)
