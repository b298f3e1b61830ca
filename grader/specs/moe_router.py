"""moe_router: one function with three outputs (weights, experts, aux_loss). Particular to it: inputs
drawn with no near-tie among each token's k + 1 best experts (rounding must not pick the experts),
invariants on the routing (k distinct experts largest first, weights summing to 1) and on a uniform
router (aux loss 1), and the mistakes of the softmax axis, renormalisation and the load-balancing
loss's f_e, P_e and factor E."""
from hypothesis import strategies as st

import torch
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Top-k MoE router", zh="混合专家路由", topic="positions and blocks", difficulty="medium",
            minutes=20,
            oracle="brute force over experts")
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


# ---- invariants (no reference needed) ----------------------------------------------------------

def _routed(call, case):
    out = call(case)
    if not isinstance(out, (tuple, list)) or len(out) != 3:
        raise Fail("expected a tuple (weights, experts, aux_loss)")
    return [o.detach() if isinstance(o, torch.Tensor) else o for o in out]


def weights_sum_to_one(call, case):
    weights, _, _ = _routed(call, case)
    sums = weights.double().sum(-1)
    if not torch.allclose(sums, torch.ones_like(sums), atol=1e-5):
        raise Fail(f"a token's k = {case.args[2]} weights sum to {sums.flatten()[:4].tolist()}, not 1: renormalise "
                   f"over the chosen experts")


def distinct_experts_largest_first(call, case):
    weights, experts, _ = _routed(call, case)
    if (weights[:, 1:] > weights[:, :-1] + 1e-6).any():
        raise Fail("a token's weights are not in descending order: list its experts largest first, as topk does")
    picked = experts.sort(-1).values
    if (picked[:, 1:] == picked[:, :-1]).any():
        raise Fail(f"a token was routed to the same expert twice: {experts.tolist()}")


def balanced_router(call, case):
    """A zero gate gives every expert probability 1/E: whichever k are picked (all tie), f sums to 1
    and P_e = 1/E, so the loss is E · Σ f_e / E = 1."""
    x, w, k = case.args
    E = w.shape[0]
    _, _, aux = _routed(call, make(x, torch.zeros_like(w), k))
    got = float(aux)
    if abs(got - 1) <= 1e-5:
        return
    mistake = AUX_WITHOUT_E if abs(got - 1 / E) <= 1e-5 else F_NOT_OVER_K if k > 1 and abs(got - k) <= 1e-5 else ""
    raise Fail(f"with all router probabilities equal (1/E each, E = {E}, k = {k}) the aux loss should be 1 "
               f"(E · Σ_e f_e · 1/E, with f summing to 1); got {got:.6g}", mistake)


# ---- classic mistakes, written as a learner would ----------------------------------------------

def router(softmax_dim=-1, stable=True, renormalise=True, times_E=True, f_over_k=True, f_from="chosen"):
    """route, or one of its classic mistakes, written as a learner would."""
    def route(x, gate_weight, k):
        E = gate_weight.shape[0]
        logits = x @ gate_weight.T
        z = (logits - logits.amax(softmax_dim, keepdim=True)).exp() if stable else logits.exp()
        probs = z / z.sum(softmax_dim, keepdim=True)
        top, experts = probs.topk(k, dim=-1)
        weights = top / top.sum(-1, keepdim=True) if renormalise else top
        counted = experts[:, :1] if f_from == "top-1" else experts
        f = torch.zeros_like(probs).scatter(-1, counted, 1.0).mean(0)
        if f_over_k:
            f = f / counted.shape[1]
        P = probs.mean(0)
        if f_from == "probabilities":
            f = P
        return weights, experts, (E if times_E else 1) * (f * P).sum()
    return route


AUX_WITHOUT_E = "aux loss without the factor E (the number of experts)"
F_NOT_OVER_K = "f_e not divided by k: f_e is the share of the T*k routing slots, summing to 1"

DRILL = Drill(entries=[Entry(
    "route",
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
    invariants=[Invariant("weights sum to 1 over the k chosen", weights_sum_to_one),
                Invariant("k distinct experts, largest first", distinct_experts_largest_first),
                Invariant("a uniform router has aux loss 1", balanced_router)],
    mistakes=[
        Mistake("weights not renormalised over the k chosen experts (renormalising all E probabilities "
                "before top-k changes nothing)", like=router(renormalise=False)),
        Mistake("softmax over the tokens (dim 0) instead of over the experts (dim -1)", like=router(softmax_dim=0)),
        Mistake(AUX_WITHOUT_E, like=router(times_E=False)),
        Mistake(F_NOT_OVER_K, like=router(f_over_k=False)),
        Mistake("f_e counted from the top-1 expert only; count all k chosen experts", like=router(f_from="top-1")),
        Mistake("f_e taken from the probabilities (E * sum P_e^2): f_e counts the routing decisions",
                like=router(f_from="probabilities")),
        Mistake("softmax without subtracting the max (exp overflows)", like=router(stable=False)),
        Mistake("router logits must be x @ gate_weight.T: gate_weight is (E, d), one row per expert",
                error="shapes cannot be multiplied|size mismatch|must match the size"),
    ],
    # d = E: a gate used the wrong way round still runs here, and its error is said once, by `runs`
    loops=Loops(small=make(seeded(12, 4, 8), seeded(13, 8, 8), 2), large=make(seeded(14, 12, 8), seeded(13, 8, 8), 2),
                over="the tokens"),
    speed=Speed(lambda seed: make(seeded(seed, 2048, 16), seeded(seed + 1, 8, 16), 2), limit=30.0),
)])
