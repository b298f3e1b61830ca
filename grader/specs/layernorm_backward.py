"""layernorm_backward: one function whose outputs are gradients, computed by hand: torch.autograd
and .backward() are banned while it runs, and so is aten's own native_layer_norm_backward.
Particular to it: inputs of every leading rank (a lone vector, 3-d batches where summing over dim 0
only gives dgamma the wrong shape), means far from 0 and spreads from 1e-3 to 100 (tolerances follow
the conditioning), eps up to 0.1 where eps outside the root shows, d = 1; invariants that need no
reference (dx sums to 0 over each vector, and central differences of F.layer_norm in float64); and
the classic mistakes of the missing mean and variance paths and the unbiased variance."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake

META = dict(title="LayerNorm backward by hand", zh="手推LayerNorm反向传播", topic="normalisation",
            difficulty="medium", minutes=20, oracle="autograd through nn.LayerNorm")
HINTS = [
    "Recompute the forward's pieces first: mean, the biased var, rstd = 1 / sqrt(var + eps), xhat. Then "
    "dbeta = dout summed over every vector, dgamma = (dout * xhat) summed the same way: reshape to (-1, d) "
    "and sum(0).",
    "Let g = dout * gamma = dL/dxhat. xhat_i = (x_i - mean) * rstd, and both mean and rstd depend on every "
    "x_j: dx_j = rstd * (g_j - sum_i g_i / d) + (path through rstd).",
    "d rstd / d x_j = -rstd³ (x_j - mean) / d, so the variance path adds -xhat_j * mean(g * xhat) * rstd.",
    "dx = (g - g.mean(-1, keepdim=True) - xhat * (g * xhat).mean(-1, keepdim=True)) * rstd",
]


def expected_size(dout, x, gamma, eps) -> float:
    """How large the gradients are, times how ill-conditioned x - mean is in float32 (a row like
    [20.001, 20.002] is only known to ~1e-3 of its spread): absolute tolerances grow with both."""
    h = x.double()
    ratio = h.abs().amax(-1) / (h.var(-1, unbiased=False) + eps).sqrt()
    cond = max(1.0, ratio.max().item() / 5) if x.numel() else 1.0
    leaves = [t.double().requires_grad_() for t in (x, gamma)]
    bias = torch.zeros_like(leaves[1])
    with torch.enable_grad():
        y = F.layer_norm(leaves[0], (x.shape[-1],), leaves[1], bias, eps)
        dx, dgamma = torch.autograd.grad(y, leaves, dout.double())
    top = max(dx.abs().max().item(), dgamma.abs().max().item(), dout.reshape(-1, x.shape[-1]).sum(0).abs().max().item())
    return max(1.0, top) * cond


def make(dout, x, gamma, eps=None, label="") -> Case:
    kwargs = {} if eps is None else {"eps": eps}
    return Case(args=(dout, x, gamma), kwargs=kwargs, label=label,
                scale=expected_size(dout, x, gamma, 1e-5 if eps is None else eps))


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=3))
    d = draw(st.integers(1, 16))
    spread = draw(st.sampled_from([1e-3, 1.0, 10.0, 100.0]))
    x = randn(draw, *lead, d, scale=spread) + draw(st.sampled_from([0.0, 3.0, -20.0]))
    gamma = randn(draw, d, scale=draw(st.sampled_from([0.5, 2.0]))) + draw(st.sampled_from([0.0, 1.0]))
    dout = randn(draw, *lead, d, scale=draw(st.sampled_from([1.0, 10.0])))
    return make(dout, x, gamma, draw(st.sampled_from([None, 1e-5, 1e-3, 0.1])))


def fixed(seed, *shape, spread=1.0, offset=0.0, eps=None, label="") -> Case:
    d = shape[-1]
    return make(seeded(seed, *shape), seeded(seed + 1, *shape, scale=spread) + offset, 1.0 + seeded(seed + 2, d, scale=0.5),
                eps, label)


# ---- invariants (no reference needed) -------------------------------------------------------------

def unpack(out, x):
    if not isinstance(out, (tuple, list)) or len(out) != 3 or not all(isinstance(t, torch.Tensor) for t in out):
        raise Fail("expected a tuple of three tensors (dx, dgamma, dbeta)")
    dx, dgamma, dbeta = (t.detach() for t in out)
    d = x.shape[-1]
    if dx.shape != x.shape or dgamma.shape != (d,) or dbeta.shape != (d,):
        raise Fail(f"expected shapes dx {tuple(x.shape)}, dgamma ({d},), dbeta ({d},); got "
                   f"{tuple(dx.shape)}, {tuple(dgamma.shape)}, {tuple(dbeta.shape)}")
    return dx, dgamma, dbeta


def dx_sums_to_zero(call, case):
    """LayerNorm ignores a constant added to a vector, so L does too: dx sums to 0 over each vector."""
    x = case.args[1]
    dx = unpack(call(case), x)[0]
    rows = dx.double().sum(-1).abs()
    limit = 1e-4 * case.scale * max(1.0, dx.abs().max().item())
    if rows.max() > limit:
        raise Fail(f"dx sums to {rows.max().item():.4g} over a vector, not 0: adding a constant to a vector leaves "
                   f"LayerNorm's output unchanged, so dL/dx must sum to 0 over each vector. The path through the "
                   f"mean (- mean(g) with g = dout * gamma) is missing or wrong")


def finite_differences(call, case):
    """The directional derivative of L = sum(dout * layer_norm(x)) along a random direction, by central
    differences of F.layer_norm in float64, against the one the returned gradients give."""
    dout, x, gamma = (t.double() for t in case.args)
    eps = case.kwargs.get("eps", 1e-5)
    dx, dgamma, dbeta = unpack(call(Case(args=(dout, x, gamma), kwargs=case.kwargs)), x)
    gen = torch.Generator().manual_seed(case.seed + 7)
    vx, vg, vb = (torch.randn(t.shape, generator=gen, dtype=torch.float64) for t in (x, gamma, gamma))
    d = x.shape[-1]
    scale = (x.var(-1, unbiased=False) + eps).sqrt().min().item()        # a step small against the spread
    h = 1e-6 * scale

    def loss(t):
        return (dout * F.layer_norm(x + t * vx, (d,), gamma + t * vg, t * vb, eps)).sum().item()
    numeric = (loss(h) - loss(-h)) / (2 * h)
    analytic = sum((g.double() * v).sum().item() for g, v in ((dx, vx), (dgamma, vg), (dbeta, vb)))
    if abs(numeric - analytic) > 1e-4 * (1 + abs(numeric)):
        raise Fail(f"along a random direction L = sum(dout * layer_norm(x)) changes at rate {numeric:.6g} (central "
                   f"differences of F.layer_norm in float64), but your (dx, dgamma, dbeta) give {analytic:.6g}")


# ---- classic mistakes, written as a learner would ---------------------------------------------------

def backward_like(*, mean_term=True, var_term=True, unbiased=False, eps_outside=False, dim0=False,
                  x_not_xhat=False, no_gamma=False):
    def layernorm_backward(dout, x, gamma, eps=1e-5):
        d = x.shape[-1]
        mean = x.mean(-1, keepdim=True)
        var = x.var(-1, keepdim=True) if unbiased else ((x - mean) ** 2).mean(-1, keepdim=True)
        std = var.sqrt() + eps if eps_outside else (var + eps).sqrt()
        xhat = (x - mean) / std
        if dim0:
            dgamma, dbeta = (dout * xhat).sum(0), dout.sum(0)
        else:
            dgamma = (dout * (x if x_not_xhat else xhat)).reshape(-1, d).sum(0)
            dbeta = dout.reshape(-1, d).sum(0)
        g = dout if no_gamma else dout * gamma
        dx = g
        if mean_term:
            dx = dx - g.mean(-1, keepdim=True)
        if var_term:
            dx = dx - xhat * (g * xhat).mean(-1, keepdim=True)
        return dx / std, dgamma, dbeta
    return layernorm_backward


NO_MEAN_TERMS = "dx with mean and variance treated as constants: dx = g / sqrt(var + eps) misses both their paths"

DRILL = Drill(entries=[Entry(
    "layernorm_backward",
    inputs=inputs,
    examples=[
        make(torch.tensor([1.0, 0.0, 0.0]), torch.tensor([1.0, 2.0, 4.0]), torch.ones(3), label="the prompt's example"),
        fixed(1, 4, 6, label="(4, 6)"),
        fixed(4, 2, 3, 5, eps=1e-3, label="(2, 3, 5): dgamma and dbeta sum over both leading dims"),
        fixed(7, 5, 5, label="a square (5, 5) input"),
        fixed(10, 3, 8, spread=0.1, eps=0.1, label="eps = 0.1 against a variance near 0.01"),
        fixed(13, 3, 1, label="d = 1: xhat is 0"),
        fixed(16, 7, label="one vector (no leading dim)"),
        fixed(19, 4, 16, spread=1e-3, label="tiny spread: the variance is near eps"),
        fixed(22, 3, 6, offset=20.0, label="a mean of 20"),
    ],
    extreme=[
        fixed(25, 4, 64, offset=1e3, label="a large common offset: 1000 + N(0, 1)"),
        fixed(28, 3, 32, spread=100.0, label="values in the hundreds"),
        fixed(31, 2, 4096, label="long vectors"),
    ],
    invariants=[Invariant("dx sums to 0 over each vector", dx_sums_to_zero),
                Invariant("gradients match finite differences of F.layer_norm", finite_differences)],
    mistakes=[
        Mistake(NO_MEAN_TERMS, like=backward_like(mean_term=False, var_term=False),
                hint="x_j reaches every xhat_i through mean and var: dx = (g - mean(g) - xhat * mean(g * xhat)) "
                     "/ sqrt(var + eps), with g = dout * gamma."),
        Mistake("dx without the variance path: subtract xhat * mean(g * xhat) as well", like=backward_like(var_term=False)),
        Mistake("dx without the mean path: subtract mean(g) as well (dx must sum to 0 over each vector)",
                like=backward_like(mean_term=False)),
        Mistake("unbiased variance (divided by d - 1, torch.var's default): LayerNorm uses the biased one",
                like=backward_like(unbiased=True),
                hint="nn.LayerNorm divides by d: ((x - mean) ** 2).mean(-1), or x.var(-1, unbiased=False)."),
        Mistake("eps added to the standard deviation instead of inside the square root", like=backward_like(eps_outside=True)),
        Mistake("dgamma and dbeta summed over dim 0 only: sum over every leading dim (reshape(-1, d).sum(0))",
                like=backward_like(dim0=True)),
        Mistake("dgamma from x instead of xhat: dgamma = sum(dout * xhat)", like=backward_like(x_not_xhat=True)),
        Mistake("gamma left out of dx: dL/dxhat = dout * gamma", like=backward_like(no_gamma=True)),
        Mistake("x centred in place (x -= mean): work on new tensors", check="inputs unchanged"),
    ],
    grad=False,                  # its outputs are gradients already: autograd is what it must not use
    loops=Loops(small=fixed(34, 3, 4, 16), large=fixed(34, 7, 9, 16), over="the vectors"),
    # no speed check: contracting each vector's (d, d) Jacobian is a right answer the prompt allows and
    # costs about d times the reference's work, as much as a loop over the vectors; no loop counts that
)], banned=["torch.ops.aten.native_layer_norm_backward"], autograd=False)
