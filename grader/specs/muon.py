"""muon: two entries, the Newton–Schulz orthogonalisation and the optimiser step (a Trace over
several calls, state compared, torch.optim banned as for every optimiser drill). Particular to it:
matrices tall, wide, square and 1 x n / n x 1, of Frobenius norms from 0.02 to 50 (where the 1e-7
guard, added or clamped, changes nothing) and zero; the orientation rule graded by the size of the
largest intermediate (X Xᵀ on the small side: the values are the same either way, so only the work
can show it); singular values of the result near 1 but not equal to 1 (the published
coefficients); and the mistakes of no normalisation, no eps, the steps ignored, no transposition
back, bfloat16, Nesterov dropped or added, a summed buffer, the scale factor left out or inverted,
weight decay left out or applied last, and params not updated in place."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Muon optimiser step", zh="Muon优化器", topic="training", difficulty="hard", minutes=25,
            oracle="the Newton–Schulz iteration in float64; torch.optim.Muon over several steps")
HINTS = [
    "newton_schulz: transpose a tall G first so X is wide, and X @ X.T is the small (r, r) Gram matrix; divide by "
    "X.norm() + 1e-7 (the Frobenius norm) before iterating; transpose back at the end.",
    "One iteration: A = X @ X.T; X = a * X + (b * A + c * A @ A) @ X. Loop exactly `steps` times.",
    "muon_step: buffers start at zeros_like(p). buf.lerp_(g, 1 - momentum); u = g.lerp(buf, momentum) if nesterov "
    "else buf. Under torch.no_grad(), in place: p.mul_(1 - lr * weight_decay); p.add_(O, alpha=-lr * scale).",
    "scale = max(1, rows / cols) ** 0.5 from p's own shape (rows = p.shape[0]); O = newton_schulz(u, ns_steps).",
]

A, B, C = 3.4445, -4.7750, 2.0315


# ---- newton_schulz ------------------------------------------------------------------------------

def ns_case(G, label="", **kwargs) -> Case:
    return Case(args=(G,), kwargs=kwargs, label=label)


def with_norm(G, norm):
    """G rescaled to a Frobenius norm: the 1e-7 guard (added, or clamped as torch.optim.Muon does) then moves
    nothing beyond rounding, whichever way a learner writes it."""
    return G * (norm / G.norm()) if G.norm() > 0 else G


def ns_inputs(draw) -> Case:
    rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    G = with_norm(kit.randn(draw, rows, cols), draw(st.sampled_from([0.02, 1.0, 50.0])))
    steps = draw(st.sampled_from([None, 1, 2, 3]))
    return ns_case(G, **({} if steps is None else {"steps": steps}))


def conditioned(seed, rows, cols, low=0.1, size=3.0):
    """U diag(s) Vᵀ with singular values s spread over [low, 1] (times size): every one reaches the band."""
    g = torch.Generator().manual_seed(seed)
    r = min(rows, cols)
    U = torch.linalg.qr(torch.randn(rows, r, generator=g, dtype=torch.float64))[0]
    V = torch.linalg.qr(torch.randn(cols, r, generator=g, dtype=torch.float64))[0]
    s = torch.linspace(low, 1.0, r, dtype=torch.float64)
    return (size * U @ torch.diag(s) @ V.T).float()


def singular_values_near_one(call, case):
    """With singular values at least a tenth of the largest, 5 steps bring each into [0.68, 1.14]."""
    for rows, cols in ((12, 5), (5, 12), (8, 8), (1, 6)):
        G = conditioned(rows * cols, rows, cols)
        out = call(ns_case(G))
        if not isinstance(out, torch.Tensor) or out.shape != G.shape:
            raise Fail(f"newton_schulz of a ({rows}, {cols}) matrix should be ({rows}, {cols}), got "
                       f"{tuple(out.shape) if isinstance(out, torch.Tensor) else type(out).__name__}")
        s = torch.linalg.svdvals(out.detach().double())
        if s.min() < 0.6 or s.max() > 1.25:
            raise Fail(f"the singular values of newton_schulz(G) for a ({rows}, {cols}) G with singular values in "
                       f"[0.3, 3] are {s.min().item():.4g} .. {s.max().item():.4g}; five quintic steps with (a, b, c) = "
                       f"(3.4445, -4.7750, 2.0315) after the Frobenius normalisation put them in about [0.7, 1.15]")
        if torch.allclose(s, torch.ones_like(s), atol=1e-3):
            raise Fail("the singular values of newton_schulz(G) are all exactly 1: that is U Vᵀ from an SVD, not "
                       "the quintic iteration (whose singular values land in about [0.7, 1.15])")


NOT_TRANSPOSED_BACK = "a tall matrix transposed but not transposed back: newton_schulz returns the shape of G"
GRAM_ON_LARGE_SIDE = Mistake("the Gram matrix built on the large side: transpose a tall matrix so that X Xᵀ is "
                             "(min, min); the values are the same, the work and memory grow with max(rows, cols)²",
                             hint="For G of shape (rows, cols) with rows > cols, iterate on X = G.T (wide), so "
                                  "X @ X.T is (cols, cols), and return X.T.")


def gram_on_small_side(call, case):
    for rows, cols in ((64, 4), (4, 64)):
        G = seeded(rows + cols, rows, cols)
        largest, op = kit.largest_intermediate(lambda: call(ns_case(G)))
        if largest > rows * cols:
            raise Fail(f"newton_schulz of a ({rows}, {cols}) matrix built an intermediate of {largest:,} elements (from "
                       f"{op}), more than G's {rows * cols}: the Gram matrix X Xᵀ must be ({min(rows, cols)}, "
                       f"{min(rows, cols)}), so iterate on the wide orientation", mistake=GRAM_ON_LARGE_SIDE.name)


def ns_like(*, normalise=True, eps=1e-7, fixed_steps=None, transpose_back=True, bf16=False):
    def newton_schulz(G, steps=5):
        X = G.T if G.shape[0] > G.shape[1] else G
        if bf16:
            X = X.bfloat16()
        if normalise:
            X = X / (X.norm() + eps)
        for _ in range(fixed_steps or steps):
            M = X @ X.T
            X = A * X + (B * M + C * M @ M) @ X
        return X.T if G.shape[0] > G.shape[1] and transpose_back else X
    return newton_schulz


# ---- muon_step ----------------------------------------------------------------------------------

def make(params, grads_per_step, label="", **kwargs) -> Case:
    kwargs.setdefault("lr", 0.02)
    return kit.optimiser_case(params, grads_per_step, label, **kwargs)


def run(step, case, ns):
    return kit.optimiser_steps(step, case)


def inputs(draw) -> Case:
    g = kit.generator(draw)
    shapes = [(draw(st.integers(1, 6)), draw(st.integers(1, 6))) for _ in range(draw(st.integers(1, 3)))]
    params = [torch.randn(s, generator=g) for s in shapes]
    norm = draw(st.sampled_from([0.1, 1.0, 50.0]))
    steps = [[with_norm(torch.randn(s, generator=g), norm) for s in shapes] for _ in range(draw(st.integers(1, 4)))]
    kwargs = {"lr": draw(st.sampled_from([1e-3, 0.02, 0.1]))}
    for name, values in (("momentum", [0.9, 0.5, 0.0]), ("nesterov", [False]), ("ns_steps", [1, 3]),
                         ("weight_decay", [0.1, 0.5])):
        value = draw(st.sampled_from([None, *values]))
        if value is not None:
            kwargs[name] = value
    return make(params, steps, **kwargs)


def _orthogonalise(M, steps=5):
    """Newton–Schulz as a learner writes it once (the steps' mistakes below use it)."""
    X = M.T if M.shape[0] > M.shape[1] else M
    X = X / (X.norm() + 1e-7)
    for _ in range(steps):
        S = X @ X.T
        X = A * X + (B * S + C * S @ S) @ X
    return X.T if M.shape[0] > M.shape[1] else X


def muon_like(*, nesterov_rule="as asked", buffer="average", scale="rows / cols", decay="first"):
    """A Muon step with at most one classic mistake."""
    def muon_step(params, grads, state, lr, momentum=0.95, nesterov=True, ns_steps=5, weight_decay=0.0):
        if not state:
            state["momentum_buffer"] = [torch.zeros_like(p) for p in params]
        use_nesterov = {"as asked": nesterov, "never": False, "always": True}[nesterov_rule]
        with torch.no_grad():
            for p, g, buf in zip(params, grads, state["momentum_buffer"]):
                if buffer == "average":
                    buf.mul_(momentum).add_(g, alpha=1 - momentum)
                    u = (1 - momentum) * g + momentum * buf if use_nesterov else buf
                else:                                   # SGD's buffer: buf = momentum * buf + g
                    buf.mul_(momentum).add_(g)
                    u = g + momentum * buf if use_nesterov else buf
                O = _orthogonalise(u, ns_steps)
                rows, cols = p.shape
                factor = {"rows / cols": max(1, rows / cols), "cols / rows": max(1, cols / rows), "none": 1}[scale]
                if decay == "first":
                    p.mul_(1 - lr * weight_decay)
                p.sub_(lr * factor ** 0.5 * O)
                if decay == "after":
                    p.mul_(1 - lr * weight_decay)
    return muon_step


def not_in_place(params, grads, state, lr, momentum=0.95, nesterov=True, ns_steps=5, weight_decay=0.0):
    if not state:
        state["momentum_buffer"] = [torch.zeros_like(p) for p in params]
    new = []
    for p, g, buf in zip(params, grads, state["momentum_buffer"]):
        buf.lerp_(g, 1 - momentum)
        u = g.lerp(buf, momentum) if nesterov else buf
        scale = max(1, p.shape[0] / p.shape[1]) ** 0.5
        new.append(p.detach() * (1 - lr * weight_decay) - lr * scale * _orthogonalise(u, ns_steps))
    params[:] = new


NOT_NESTEROV = ("momentum not Nesterov as asked: with nesterov=True the update is (1 - momentum) · g + momentum · buf "
                "(the updated buffer), not the buffer itself")

SPEED_SHAPES = [(256, 128), (128, 256), (64, 64)]


def matrices(seed, shapes, steps=3, scale=1.0, label="", **kwargs):
    params = [seeded(seed + j, *s) for j, s in enumerate(shapes)]
    grads = [[seeded(seed + 100 + 10 * i + j, *s, scale=scale) for j, s in enumerate(shapes)] for i in range(steps)]
    return make(params, grads, label, **kwargs)


DRILL = Drill(entries=[
    Entry(
        "newton_schulz",
        inputs=ns_inputs,
        examples=[
            ns_case(torch.tensor([[3.0, 0.0], [0.0, 4.0]]), "the prompt's example"),
            ns_case(seeded(1, 3, 7), "wide (3, 7)"),
            ns_case(seeded(2, 9, 4, scale=10.0), "tall (9, 4)"),
            ns_case(seeded(3, 1, 5), "one row", steps=3),
            ns_case(seeded(4, 6, 1, scale=0.01), "one column, small entries", steps=1),
            ns_case(torch.zeros(3, 4), "all zeros: the 1e-7 keeps 0 / 0 away"),
            ns_case(seeded(5, 5, 5), "square, 2 steps", steps=2),
        ],
        extreme=[
            ns_case(seeded(6, 256, 64, scale=1e4), "(256, 64), entries near ±1e4"),
            ns_case(seeded(7, 8, 8, scale=1e-3), "entries near 1e-3"),
        ],
        invariants=[Invariant("singular values near 1", singular_values_near_one, drawn=False),
                    Invariant("Gram matrix on the small side", gram_on_small_side, drawn=False)],
        mistakes=[
            Mistake("G not normalised by its Frobenius norm first: singular values above 1 blow up in the quintic",
                    like=ns_like(normalise=False)),
            Mistake("no 1e-7 in the normalisation: a zero matrix gives 0 / 0 = NaN; divide by X.norm() + 1e-7",
                    like=ns_like(eps=0.0)),
            Mistake("`steps` ignored: iterate exactly `steps` times", like=ns_like(fixed_steps=5)),
            Mistake(NOT_TRANSPOSED_BACK, like=ns_like(transpose_back=False)),
            Mistake("computed in bfloat16 (as the speedrun's code does): work and return in G's dtype",
                    like=ns_like(bf16=True)),
            GRAM_ON_LARGE_SIDE,
            kit.IN_PLACE,
        ],
        grad=False,                   # an optimiser's inner step: no gradient flows through it
        loops=Loops(small=ns_case(seeded(8, 3, 16)), large=ns_case(seeded(9, 9, 16)), over="the rows"),
        speed=Speed(lambda seed: ns_case(seeded(seed, 512, 256)), limit=30.0),
    ),
    Entry(
        "muon_step",
        inputs=inputs,
        run=run,
        examples=[
            make([torch.tensor([[1.0, -1.0], [0.5, 2.0]])], [[torch.tensor([[0.5, 0.0], [0.0, -0.25]])]],
                 "the prompt's example", lr=0.1),
            matrices(1, [(3, 5), (6, 2)], label="a wide and a tall param, defaults"),
            matrices(2, [(4, 4)], steps=4, label="nesterov=False, momentum 0.9", lr=0.05, momentum=0.9,
                     nesterov=False),
            matrices(3, [(1, 4), (5, 1)], label="1 x 4 and 5 x 1; lr 0.1, weight decay 0.5", lr=0.1, weight_decay=0.5),
            make([seeded(4, 3, 2)], [[torch.zeros(3, 2)]] * 2, "zero gradients: a zero update, no NaN",
                 weight_decay=0.5),
            matrices(5, [(7, 3)], steps=2, scale=100.0, label="tall (7, 3), gradients near 100, 3 Newton–Schulz steps",
                     lr=0.1, momentum=0.5, ns_steps=3),
        ],
        extreme=[
            matrices(6, [(8, 4), (4, 8)], steps=30, label="30 steps", lr=1e-3),
            matrices(7, [(16, 16)], scale=1e-3, label="gradients near 1e-3"),
        ],
        mistakes=[
            Mistake(NOT_NESTEROV, like=muon_like(nesterov_rule="never")),
            Mistake("Nesterov used although nesterov=False: then the update is the buffer itself",
                    like=muon_like(nesterov_rule="always")),
            Mistake("momentum buffer summed (buf = momentum · buf + g, SGD's): Muon's buffer is the average "
                    "buf.lerp_(g, 1 - momentum)", like=muon_like(buffer="sum")),
            Mistake("scale factor left out: a tall (rows > cols) param's step is lr · sqrt(rows / cols) · O",
                    like=muon_like(scale="none")),
            Mistake("scale factor from the transposed shape: sqrt(max(1, rows / cols)) of the PARAM (tall matrices "
                    "get the larger step)", like=muon_like(scale="cols / rows")),
            Mistake("weight decay left out: p *= 1 - lr · weight_decay before the update", like=muon_like(decay="none")),
            Mistake("weight decay applied after the update, to the updated weights: decay first",
                    like=muon_like(decay="after")),
            Mistake("params not updated in place: the caller's tensors must change (p.mul_, p.add_, ...)",
                    like=not_in_place),
            Mistake("in-place update of a leaf that requires grad outside torch.no_grad()",
                    error="leaf Variable that requires grad"),
            Mistake(NOT_TRANSPOSED_BACK, error=r"size of tensor a \(\d+\) must match the size of tensor b"),
            Mistake("a gradient modified in place: work on new tensors (g.lerp, not g.lerp_)",
                    check="inputs unchanged"),
        ],
        grad=False,                   # an optimiser step runs outside autograd
        loops=Loops(small=matrices(8, [(2, 16)], steps=2), large=matrices(9, [(6, 16)], steps=2),
                    over="the rows of a parameter"),
        speed=Speed(lambda seed: matrices(10 + seed, SPEED_SHAPES, steps=2), limit=30.0),
    ),
], banned=kit.OPTIMISER_BANNED)
