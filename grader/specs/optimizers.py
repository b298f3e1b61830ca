"""optimizers: four entries, one step each of Adam, Adagrad, RMSprop and Lion, each graded as a
sequence of steps from an empty state (params after each call and the state entries the prompt
names compared call by call; other keys a learner keeps are not read). Particular to it: L2 decay
inside the gradient for the first three and decoupled decay for Lion, told apart without the
reference by each first step (Adam's and Adagrad's first step is lr · sign(g + weight_decay · p),
RMSprop's lr / sqrt(1 - alpha) or lr / sqrt(alpha (1 - alpha)) centred, and every Lion step moves a
decayed weight by exactly lr or 0); gradients from 1e-7 to 1e4 with eps up to 1e-3, where eps inside
the root shows; RMSprop's momentum and centred variants in every combination; torch.optim banned as
a whole; and the classic mistakes of bias corrections left out or on the wrong moment, eps inside
the root, L2 applied as decoupled decay, RMSprop's momentum on the raw gradient and Lion's
interpolation swapped or made with beta2."""
import math

from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Drill, Entry, Fail, Invariant, Mistake, Speed

META = dict(title="Optimizers: Adam, Adagrad, RMSprop, Lion", zh="优化器", topic="training", difficulty="medium",
            minutes=35, oracle="torch.optim.Adam, Adagrad and RMSprop; the Lion paper's update in float64")
HINTS = [
    "Create the state on the first call (`if not state:`) with zeros_like for each param (Adagrad: "
    "full_like(p, initial_accumulator_value)); then loop over zip(params, grads, state lists) under torch.no_grad().",
    "Adam, Adagrad and RMSprop take L2 decay: g = g + weight_decay * p (a new tensor, not g.add_) before anything "
    "else. Only Lion decays the weight itself: p.mul_(1 - lr * weight_decay).",
    "Adam: step += 1 first, then p.addcdiv_(m, (v / (1 - beta2 ** step)).sqrt() + eps, value=-lr / (1 - beta1 ** step)). "
    "RMSprop has no bias correction; its momentum buffer accumulates g / avg, the already normalised step.",
    "Lion: update = (beta1 * m + (1 - beta1) * g).sign() with the OLD m; p.mul_(1 - lr * weight_decay); "
    "p.add_(update, alpha=-lr); only then m.mul_(beta2).add_(g, alpha=1 - beta2).",
]

LRS = [1e-3, 1e-2, 0.1]
GRAD_SCALES = [1e-4, 1e-2, 1.0, 10.0]
SPEED_SHAPES = [(128, 128), (128,), (256, 64), (64,)]


# ---- cases and runs shared by the four entries --------------------------------------------------

def maker(lr):
    def make(params, grads_per_step, label="", **kwargs):
        kwargs.setdefault("lr", lr)
        return kit.optimiser_case(params, grads_per_step, label, **kwargs)
    return make


def recorder(keys):
    """Steps from an empty state, each compared on the params and the state entries keys(kwargs) names."""
    def run(step, case, ns):
        trace = kit.optimiser_steps(step, case)
        wanted = keys(case.kwargs)
        for _, out in trace:
            out["state"] = {k: v for k, v in out["state"].items() if k in wanted}
        return trace
    return run


def drawn(make, options):
    def inputs(draw):
        params, steps = kit.params_and_grads(draw, GRAD_SCALES)
        kwargs = {"lr": draw(st.sampled_from(LRS))}
        for name, values in options:
            value = draw(st.sampled_from([None, *values]))
            if value is not None:
                kwargs[name] = value
        return make(params, steps, **kwargs)
    return inputs


def two_params(make, seed, steps=3, scale=1.0, label="", **kwargs):
    params = [seeded(seed, 3, 4), seeded(seed + 1, 5)]
    grads = [[seeded(seed + 10 + 2 * i, 3, 4, scale=scale), seeded(seed + 11 + 2 * i, 5, scale=scale)]
             for i in range(steps)]
    return make(params, grads, label, **kwargs)


def speed_case(make, **kwargs):
    return Speed(lambda seed: make([seeded(31 + j + seed, *s) for j, s in enumerate(SPEED_SHAPES)],
                                   [[seeded(40 + 4 * i + j + seed, *s) for j, s in enumerate(SPEED_SHAPES)]
                                    for i in range(3)], **kwargs), limit=30.0)


def options(case, *names):
    return {k: v for k, v in case.kwargs.items() if k in names}


def first_move(call, case, make, settings, factor, clear, why, mistakes=()):
    """On a first step from an empty state each weight moves by factor(d) * sign(d), d = g + weight_decay
    * p, where clear(d) (away from eps). mistakes: (name, moves(p0, g, d)) told apart by their own moves."""
    params, grads = case.kwargs["params"], case.kwargs["grads_per_step"][0]
    out = call(make(params, [grads], **settings))[0][1]["params"]
    wd = settings.get("weight_decay", 0.0)
    for i, (p0, g, p1) in enumerate(zip(params, grads, out)):
        d = g + wd * p0
        keep = clear(d)
        moved, want = (p0 - p1)[keep], (factor * d.sign())[keep]
        if torch.allclose(moved, want, rtol=2e-3, atol=1e-6 * case.scale):
            continue
        named = next((name for name, moves in mistakes
                      if torch.allclose(moved, moves(p0, g, d)[keep], rtol=2e-3, atol=1e-6 * case.scale)), "")
        raise Fail(f"{why}; param {i} moved by {moved.flatten()[:4].tolist()}, expected "
                   f"{want.flatten()[:4].tolist()}", mistake=named)


# ---- adam_step ---------------------------------------------------------------------------------

adam_make = maker(1e-2)


def adam_like(*, correction="both", eps_inside=False, decay="l2"):
    """Adam, or one of its classic mistakes: correction "both", "none", "swapped", "v outside the root"."""
    def adam_step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        if not state:
            state.update(step=0, exp_avg=[torch.zeros_like(p) for p in params],
                         exp_avg_sq=[torch.zeros_like(p) for p in params])
        state["step"] += 1
        t = state["step"]
        b1, b2 = betas
        c1, c2 = {"both": (1 - b1 ** t, 1 - b2 ** t), "none": (1.0, 1.0), "swapped": (1 - b2 ** t, 1 - b1 ** t),
                  "v outside the root": (1 - b1 ** t, 1.0)}[correction]
        with torch.no_grad():
            for p, g, m, v in zip(params, grads, state["exp_avg"], state["exp_avg_sq"]):
                if decay == "l2":
                    g = g + weight_decay * p
                elif decay == "decoupled":
                    p.mul_(1 - lr * weight_decay)
                m.mul_(b1).add_(g, alpha=1 - b1)
                v.mul_(b2).addcmul_(g, g, value=1 - b2)
                root = (v / c2 + eps).sqrt() if eps_inside else (v / c2).sqrt() + eps
                if correction == "v outside the root":
                    root = v.sqrt() / (1 - b2 ** t) + eps
                p.sub_(lr * (m / c1) / root)
    return adam_step


DECOUPLED = ("L2 applied as decoupled decay (AdamW's p *= 1 - lr * weight_decay): Adam adds weight_decay * p to the "
             "gradient, before the moments")


def adam_first_step(call, case):
    settings = options(case, "lr", "betas", "eps", "weight_decay")
    lr, eps, wd = settings["lr"], settings.get("eps", 1e-8), settings.get("weight_decay", 0.0)
    first_move(call, case, adam_make, settings, lr, lambda d: d.abs() > 1e3 * eps,
               "with zero moments and both bias corrections, Adam's first step moves each weight by lr against the "
               "sign of d = g + weight_decay * p (m_hat = d, v_hat = d², so m_hat / sqrt(v_hat) = ±1)",
               [(DECOUPLED, lambda p0, g, d: lr * g.sign() + lr * wd * p0)])


ADAM = Entry(
    "adam_step",
    inputs=drawn(adam_make, [("betas", [(0.8, 0.99), (0.5, 0.9)]), ("eps", [1e-6, 1e-3]),
                             ("weight_decay", [0.1, 0.5])]),
    run=recorder(lambda kwargs: ("step", "exp_avg", "exp_avg_sq")),
    examples=[
        adam_make([torch.tensor([1.0, -2.0])], [[torch.tensor([0.5, -0.1])]], "the prompt's example", lr=0.1,
                  weight_decay=0.1),
        two_params(adam_make, 1, label="two params, defaults"),
        two_params(adam_make, 3, scale=1e-2, label="lr 0.1, weight_decay 0.5: L2 as large as the gradient",
                   lr=0.1, weight_decay=0.5),
        two_params(adam_make, 5, steps=2, scale=1e-4, label="gradients near 1e-4, eps 1e-3: eps outside the root",
                   eps=1e-3),
        adam_make([torch.tensor(0.5), seeded(7, 2, 2)], [[torch.tensor(0.0), torch.zeros(2, 2)]] * 2,
                  "zero gradients with weight decay: only the L2 term moves the weights", weight_decay=0.1),
        two_params(adam_make, 8, steps=4, label="betas (0.5, 0.9)", betas=(0.5, 0.9)),
    ],
    extreme=[
        two_params(adam_make, 20, steps=60, label="60 steps: the bias corrections fade out", lr=1e-3,
                   betas=(0.9, 0.99)),
        two_params(adam_make, 21, scale=1e4, label="gradients near 1e4"),
        two_params(adam_make, 22, scale=1e-7, label="gradients near 1e-7: eps matters"),
    ],
    invariants=[Invariant("the first step is lr * sign(g + weight_decay * p)", adam_first_step)],
    mistakes=[
        Mistake("no bias correction: divide m by 1 - beta1 ** step and v by 1 - beta2 ** step",
                like=adam_like(correction="none")),
        Mistake("bias corrections on the wrong moments: m takes 1 - beta1 ** step, v takes 1 - beta2 ** step",
                like=adam_like(correction="swapped")),
        Mistake("v's bias correction applied outside the square root: sqrt(v / (1 - beta2 ** step)), not "
                "sqrt(v) / (1 - beta2 ** step)", like=adam_like(correction="v outside the root")),
        Mistake("eps inside the square root: the denominator is sqrt(v_hat) + eps", like=adam_like(eps_inside=True)),
        Mistake(DECOUPLED, like=adam_like(decay="decoupled")),
        Mistake("weight decay left out: g = g + weight_decay * p", like=adam_like(decay="none")),
    ],
    grad=False,                    # an optimiser step runs outside autograd
    loops=kit.optimiser_loops(adam_make),
    speed=speed_case(adam_make, weight_decay=0.01),
)


# ---- adagrad_step ------------------------------------------------------------------------------

adagrad_make = maker(0.1)
ADAGRAD_DECOUPLED = ("L2 applied as decoupled decay (p *= 1 - lr * weight_decay): Adagrad adds weight_decay * p to "
                     "the gradient, which then enters the sum")


def adagrad_like(*, eps_inside=False, start="given", decay="l2"):
    def adagrad_step(params, grads, state, lr, eps=1e-10, weight_decay=0.0, initial_accumulator_value=0.0):
        if not state:
            value = initial_accumulator_value if start == "given" else 0.0
            state["sum"] = [torch.full_like(p, value) for p in params]
        with torch.no_grad():
            for p, g, s in zip(params, grads, state["sum"]):
                if decay == "l2":
                    g = g + weight_decay * p
                else:
                    p.mul_(1 - lr * weight_decay)
                s.add_(g * g)
                p.sub_(lr * g / ((s + eps).sqrt() if eps_inside else s.sqrt() + eps))
    return adagrad_step


def adagrad_first_step(call, case):
    settings = options(case, "lr", "eps", "weight_decay")
    lr, eps, wd = settings["lr"], settings.get("eps", 1e-10), settings.get("weight_decay", 0.0)
    # from a zero sum (initial_accumulator_value left out)
    first_move(call, case, adagrad_make, settings, lr, lambda d: d.abs() > 1e3 * max(eps, 1e-8),
               "from a zero accumulator Adagrad's first step is lr * d / sqrt(d²): each weight moves by lr against "
               "the sign of d = g + weight_decay * p",
               [(ADAGRAD_DECOUPLED, lambda p0, g, d: lr * g.sign() + lr * wd * p0)])

ADAGRAD = Entry(
    "adagrad_step",
    inputs=drawn(adagrad_make, [("eps", [1e-6, 1e-3]), ("weight_decay", [0.1, 0.5]),
                                ("initial_accumulator_value", [0.1, 1.0])]),
    run=recorder(lambda kwargs: ("sum",)),
    examples=[
        adagrad_make([torch.tensor([1.0, -2.0])], [[torch.tensor([0.5, -0.1])], [torch.tensor([0.5, 0.2])]],
                     "the prompt's example"),
        two_params(adagrad_make, 30, label="two params, defaults"),
        two_params(adagrad_make, 32, label="weight decay 0.5", weight_decay=0.5),
        two_params(adagrad_make, 34, steps=2, scale=1e-4, label="gradients near 1e-4, eps 1e-3: eps outside the root",
                   eps=1e-3),
        two_params(adagrad_make, 36, steps=3, label="initial_accumulator_value 0.5", initial_accumulator_value=0.5),
        adagrad_make([torch.tensor(0.5), seeded(38, 2, 2)], [[torch.tensor(0.0), torch.zeros(2, 2)]] * 2,
                     "zero gradients from a zero sum: no 0 / 0"),
    ],
    extreme=[
        two_params(adagrad_make, 40, steps=60, label="60 steps: the steps shrink", lr=0.01),
        two_params(adagrad_make, 41, scale=1e4, label="gradients near 1e4"),
        two_params(adagrad_make, 42, scale=1e-7, label="gradients near 1e-7, eps 1e-6", eps=1e-6),
    ],
    invariants=[Invariant("the first step is lr * sign(g + weight_decay * p)", adagrad_first_step)],
    mistakes=[
        Mistake("eps inside the square root: the denominator is sqrt(sum) + eps", like=adagrad_like(eps_inside=True)),
        Mistake("initial_accumulator_value ignored: the sum starts at it, not at 0",
                like=adagrad_like(start="zero")),
        Mistake(ADAGRAD_DECOUPLED, like=adagrad_like(decay="decoupled")),
    ],
    grad=False,
    loops=kit.optimiser_loops(adagrad_make),
    speed=speed_case(adagrad_make, weight_decay=0.01),
)


# ---- rmsprop_step ------------------------------------------------------------------------------

rmsprop_make = maker(1e-2)


def rmsprop_keys(kwargs):
    return ("square_avg",) + ("grad_avg",) * bool(kwargs.get("centered")) + \
        ("momentum_buffer",) * (kwargs.get("momentum", 0.0) > 0)


def rmsprop_like(*, eps_inside=False, bias_correction=False, centred="as asked", momentum_on="normalised",
                 alpha_swapped=False):
    def rmsprop_step(params, grads, state, lr, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False):
        if not state:
            state.update(step=0, square_avg=[torch.zeros_like(p) for p in params],
                         grad_avg=[torch.zeros_like(p) for p in params],
                         momentum_buffer=[torch.zeros_like(p) for p in params])
        state["step"] += 1
        keep, take = (1 - alpha, alpha) if alpha_swapped else (alpha, 1 - alpha)
        with torch.no_grad():
            for p, g, sq, ga, buf in zip(params, grads, state["square_avg"], state["grad_avg"],
                                         state["momentum_buffer"]):
                g = g + weight_decay * p
                sq.mul_(keep).add_(take * g * g)
                ga.mul_(keep).add_(take * g)
                var = sq - ga * ga if centered and centred == "as asked" else sq.clone()
                if bias_correction:
                    var = var / (1 - alpha ** state["step"])
                avg = (var + eps).sqrt() if eps_inside else var.sqrt() + eps
                if momentum > 0:
                    if momentum_on == "raw":
                        buf.mul_(momentum).add_(g)
                        p.sub_(lr * buf / avg)
                    else:
                        buf.mul_(momentum).add_(g / avg)
                        p.sub_(lr * buf)
                else:
                    p.sub_(lr * g / avg)
    return rmsprop_step


RMSPROP_CORRECTED = ("bias correction added: RMSprop divides by sqrt(square_avg) + eps as it is (Adam corrects its "
                     "averages, RMSprop does not)")


def rmsprop_first_step(call, case):
    settings = options(case, "lr", "alpha", "eps", "weight_decay", "momentum", "centered")
    lr, alpha, eps = settings["lr"], settings.get("alpha", 0.99), settings.get("eps", 1e-8)
    spread = alpha * (1 - alpha) if settings.get("centered") else 1 - alpha
    first_move(call, case, rmsprop_make, settings, lr / math.sqrt(spread),
               lambda d: d.abs() * math.sqrt(spread) > 1e3 * eps,
               "from zero averages RMSprop's first step moves each weight by lr / sqrt(alpha * (1 - alpha)) against "
               "the sign of d = g + weight_decay * p: there is no bias correction" if settings.get("centered") else
               "from zero averages RMSprop's first step moves each weight by lr / sqrt(1 - alpha) against the sign of "
               "d = g + weight_decay * p: there is no bias correction",
               [(RMSPROP_CORRECTED, lambda p0, g, d: lr * (1 - alpha if settings.get("centered") else 1.0) ** -0.5
                 * d.sign())])


RMSPROP = Entry(
    "rmsprop_step",
    inputs=drawn(rmsprop_make, [("alpha", [0.9, 0.5]), ("eps", [1e-6, 1e-3]), ("weight_decay", [0.1]),
                                ("momentum", [0.0, 0.5, 0.9]), ("centered", [True, False])]),
    run=recorder(rmsprop_keys),
    examples=[
        rmsprop_make([torch.tensor([1.0, -2.0])], [[torch.tensor([0.5, -0.1])]], "the prompt's example"),
        two_params(rmsprop_make, 50, label="two params, defaults"),
        two_params(rmsprop_make, 52, steps=4, label="momentum 0.9", momentum=0.9),
        two_params(rmsprop_make, 54, steps=4, label="centered, alpha 0.9", centered=True, alpha=0.9),
        two_params(rmsprop_make, 56, steps=4, label="centered with momentum 0.5 and weight decay 0.1",
                   centered=True, momentum=0.5, weight_decay=0.1, alpha=0.9),
        two_params(rmsprop_make, 58, steps=2, scale=1e-4, label="gradients near 1e-4, eps 1e-3: eps outside the root",
                   eps=1e-3),
        rmsprop_make([torch.tensor(0.5), seeded(59, 2, 2)], [[torch.tensor(0.0), torch.zeros(2, 2)]] * 2,
                     "zero gradients, centered with momentum: no 0 / 0", centered=True, momentum=0.9),
    ],
    extreme=[
        two_params(rmsprop_make, 60, steps=60, label="60 steps, centered, momentum 0.9", lr=1e-3, centered=True,
                   momentum=0.9),
        two_params(rmsprop_make, 61, scale=1e4, label="gradients near 1e4", momentum=0.5),
        two_params(rmsprop_make, 62, scale=1e-7, label="gradients near 1e-7: eps matters"),
    ],
    invariants=[Invariant("the first step is lr / sqrt(1 - alpha) against the gradient", rmsprop_first_step)],
    mistakes=[
        Mistake("eps inside the square root: avg = sqrt(square_avg) + eps", like=rmsprop_like(eps_inside=True)),
        Mistake(RMSPROP_CORRECTED, like=rmsprop_like(bias_correction=True)),
        Mistake("centered ignored: with centered=True the denominator is sqrt(square_avg - grad_avg²) + eps",
                like=rmsprop_like(centred="ignored")),
        Mistake("momentum on the raw gradient (buf = momentum * buf + g, then lr * buf / avg): PyTorch's buffer "
                "accumulates the normalised step g / avg", like=rmsprop_like(momentum_on="raw")),
        Mistake("alpha and 1 - alpha swapped: square_avg = alpha * square_avg + (1 - alpha) * g²",
                like=rmsprop_like(alpha_swapped=True)),
    ],
    grad=False,
    loops=kit.optimiser_loops(rmsprop_make),
    speed=speed_case(rmsprop_make, momentum=0.9, centered=True),
)


# ---- lion_step ---------------------------------------------------------------------------------

lion_make = maker(1e-2)


def lion_like(*, interpolate="beta1", momentum_first=False, sign=True, in_place=True):
    def lion_step(params, grads, state, lr, betas=(0.9, 0.99), weight_decay=0.0):
        if not state:
            state["exp_avg"] = [torch.zeros_like(p) for p in params]
        b1, b2 = betas
        new = []
        with torch.no_grad():
            for p, g, m in zip(params, grads, state["exp_avg"]):
                if momentum_first:
                    m.mul_(b2).add_((1 - b2) * g)
                c = {"beta1": b1 * m + (1 - b1) * g, "swapped": (1 - b1) * m + b1 * g,
                     "beta2": b2 * m + (1 - b2) * g}[interpolate]
                update = c.sign() if sign else c
                if in_place:
                    p.mul_(1 - lr * weight_decay).sub_(lr * update)
                else:
                    new.append(p * (1 - lr * weight_decay) - lr * update)
                if not momentum_first:
                    m.mul_(b2).add_((1 - b2) * g)
        if not in_place:
            params[:] = new
    return lion_step


def lion_moves_by_lr(call, case):
    """Each step moves every decayed weight by exactly lr (a sign) or not at all (sign 0)."""
    lr, wd = case.kwargs["lr"], case.kwargs.get("weight_decay", 0.0)
    before = case.kwargs["params"]
    for label, out in call(case):
        for i, (p0, p1) in enumerate(zip(before, out["params"])):
            moved = ((p0 * (1 - lr * wd)).double() - p1.double()).abs()
            tol = 1e-4 * lr + 1e-6 * max(1.0, case.scale)
            bad = ((moved - lr).abs() > tol) & (moved > tol)
            if bad.any():
                raise Fail(f"{label}: param {i} moved by {moved[bad].flatten()[:4].tolist()} after the decay: a Lion "
                           f"step moves each weight by exactly lr = {lr:g} (lr * sign(c)), whatever the gradient's "
                           f"size")
        before = out["params"]


NO_SIGN = "no sign: Lion steps by lr * sign(c), the same size for every weight"

LION = Entry(
    "lion_step",
    inputs=drawn(lion_make, [("betas", [(0.9, 0.99), (0.95, 0.98), (0.5, 0.9)]), ("weight_decay", [0.1, 1.0])]),
    run=recorder(lambda kwargs: ("exp_avg",)),
    examples=[
        lion_make([torch.tensor([1.0, -2.0])], [[torch.tensor([0.5, -0.1])], [torch.tensor([-0.5, 0.3])]],
                  "the prompt's example", lr=0.1, weight_decay=0.1),
        two_params(lion_make, 70, steps=4, label="two params, defaults"),
        two_params(lion_make, 72, steps=4, label="betas (0.5, 0.9), weight decay 1.0", betas=(0.5, 0.9),
                   weight_decay=1.0),
        lion_make([seeded(74, 6)], [[seeded(75, 6)], [-0.2 * seeded(75, 6)], [0.05 * seeded(75, 6)]],
                  "gradients that turn against the momentum: which beta interpolates shows", lr=0.1),
        lion_make([torch.tensor(0.5), seeded(76, 2, 2)], [[torch.tensor(0.0), torch.zeros(2, 2)]] * 2,
                  "zero gradients: sign(0) = 0, only the decay moves the weights", weight_decay=0.1),
    ],
    extreme=[
        two_params(lion_make, 80, steps=60, label="60 steps", lr=1e-3, weight_decay=0.1),
        two_params(lion_make, 81, scale=1e4, label="gradients near 1e4"),
        two_params(lion_make, 82, scale=1e-7, label="gradients near 1e-7: still steps of lr"),
    ],
    invariants=[Invariant("every step moves a weight by lr", lion_moves_by_lr)],
    mistakes=[
        Mistake("Lion's interpolation swapped: c = beta1 * m + (1 - beta1) * g (the old momentum weighs beta1)",
                like=lion_like(interpolate="swapped")),
        Mistake("the step interpolated with beta2: c uses beta1, only the momentum update uses beta2",
                like=lion_like(interpolate="beta2")),
        Mistake("momentum updated before the step: c = beta1 * m + (1 - beta1) * g with the OLD m, then m is "
                "updated with beta2", like=lion_like(momentum_first=True)),
        Mistake(NO_SIGN, like=lion_like(sign=False)),
        Mistake("params not updated in place: the caller's tensors must change (p.mul_, p.add_, ...)",
                like=lion_like(in_place=False)),
    ],
    grad=False,
    loops=kit.optimiser_loops(lion_make),
    speed=speed_case(lion_make, weight_decay=0.1),
)


DRILL = Drill(
    entries=[ADAM, ADAGRAD, RMSPROP, LION],
    mistakes=[
        Mistake("in-place update of a leaf that requires grad outside torch.no_grad()",
                error="leaf Variable that requires grad"),
        Mistake("a gradient modified in place (g.add_(p, alpha=weight_decay)): the L2 term makes a new tensor, "
                "g = g + weight_decay * p", check="inputs unchanged"),
    ],
    banned=kit.OPTIMISER_BANNED + ["torch.ops.aten._fused_adagrad_"],
)
