"""sgd_momentum: one optimiser step, graded as a sequence of steps from an empty state (params after
each call, and the momentum buffers when momentum != 0). Particular to it: momentum from 0 (plain
SGD, no state graded) to 0.99, Nesterov, L2 decay inside the gradient, the first step's plain-SGD
property, torch.optim banned as a whole, and the classic mistakes of an averaged buffer, Nesterov
with the old buffer, decay after the momentum and lr folded into the buffer."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake, Speed

META = dict(title="SGD with momentum", zh="动量SGD", topic="training", difficulty="easy", minutes=15,
            oracle="torch.optim.SGD")
HINTS = [
    "First call: state['momentum_buffer'] = [d.clone() for each decayed gradient d] — a copy, so a later "
    "buf.mul_() cannot change the caller's gradient. Later calls: buf.mul_(momentum).add_(d).",
    "Weight decay goes into d = g + weight_decay * p before the buffer, so the buffer accumulates it too.",
    "Under torch.no_grad(): p.add_(buf, alpha=-lr), or for Nesterov p.add_(d + momentum * buf, alpha=-lr) "
    "with buf already updated.",
]


def make(params, grads_per_step, label="", **kwargs) -> Case:
    kwargs.setdefault("lr", 0.1)
    return kit.optimiser_case(params, grads_per_step, label, **kwargs)


def run(step, case, ns):
    # with momentum 0 the step is plain SGD: whatever the state holds is not graded
    return kit.optimiser_steps(step, case, with_state=case.kwargs.get("momentum", 0.9) != 0)


def inputs(draw) -> Case:
    params, steps = kit.params_and_grads(draw, [1e-2, 1.0, 10.0])
    kwargs = {"lr": draw(st.sampled_from([1e-3, 1e-2, 0.1]))}
    for name, values in (("momentum", [0.0, 0.5, 0.99]), ("nesterov", [True]), ("weight_decay", [0.1, 0.5])):
        value = draw(st.sampled_from([None, *values]))
        if value is not None:
            kwargs[name] = value
    if kwargs.get("momentum") == 0.0:
        kwargs.pop("nesterov", None)         # Nesterov needs momentum > 0 (PyTorch refuses it otherwise)
    return make(params, steps, **kwargs)


def first_step_is_plain_sgd(call, case):
    """The first buffer is the gradient itself, so step 1 is plain SGD: p - lr * d, or
    p - lr * (1 + momentum) * d with Nesterov."""
    params, grads = case.kwargs["params"], case.kwargs["grads_per_step"][0]
    kwargs = {k: v for k, v in case.kwargs.items() if k not in ("params", "grads_per_step")}
    out = call(make(params, [grads], **kwargs))[0][1]["params"]
    lr, wd = kwargs["lr"], kwargs.get("weight_decay", 0.0)
    factor = 1 + kwargs.get("momentum", 0.9) if kwargs.get("nesterov") else 1.0
    for i, (p0, g, p1) in enumerate(zip(params, grads, out)):
        want = p0 - lr * factor * (g + wd * p0)
        if not torch.allclose(p1, want, rtol=1e-5, atol=1e-6 * case.scale):
            raise Fail(f"PyTorch starts the momentum buffer AT the first gradient, so the first step is plain SGD "
                       f"(p -= lr * (g + weight_decay * p){', times 1 + momentum with Nesterov' * (factor != 1)}); "
                       f"param {i} became {p1.flatten()[:4].tolist()}, expected {want.flatten()[:4].tolist()}")


# ---- the classic mistakes -----------------------------------------------------------------------

def sgd_like(*, ema=False, nesterov_ignored=False, decay="gradient", lr_in_buffer=False):
    """SGD with momentum, or one of its classic mistakes."""
    def step(params, grads, state, lr, momentum=0.9, nesterov=False, weight_decay=0.0):
        with torch.no_grad():
            ds = [g + weight_decay * p if decay == "gradient" else g.clone() for p, g in zip(params, grads)]
            first = "momentum_buffer" not in state
            if first:
                state["momentum_buffer"] = [torch.zeros_like(d) if ema else (lr * d if lr_in_buffer else d.clone())
                                            for d in ds]
            for buf, d in zip(state["momentum_buffer"], ds):
                if ema:
                    buf.mul_(momentum).add_((1 - momentum) * d)
                elif not first:
                    buf.mul_(momentum).add_(lr * d if lr_in_buffer else d)
            for p, d, buf in zip(params, ds, state["momentum_buffer"]):
                update = d + momentum * buf if nesterov and not nesterov_ignored else buf
                if decay == "after":
                    update = update + weight_decay * p
                p.sub_(update if lr_in_buffer and not nesterov else lr * update)
    return step


SPEED_SHAPES = [(128, 128), (128,), (256, 64), (64,)]

DRILL = Drill(entries=[Entry(
    "sgd_step",
    inputs=inputs,
    run=run,
    examples=[
        make([torch.tensor([1.0, -2.0])], [[torch.tensor([0.5, -0.1])], [torch.tensor([0.3, 0.2])]],
             "the prompt's example"),
        make([seeded(1, 3, 4), seeded(2, 5)], [[seeded(3 + i, 3, 4), seeded(6 + i, 5)] for i in range(3)],
             "Nesterov", nesterov=True),
        make([seeded(9, 4, 3)], [[seeded(10 + i, 4, 3)] for i in range(3)], "weight decay 0.5: before the momentum",
             weight_decay=0.5),
        make([seeded(13, 6), torch.tensor(2.0)], [[seeded(14 + i, 6), torch.tensor(float(i))] for i in range(3)],
             "momentum 0: plain SGD, a 0-dim param", momentum=0.0),
        make([seeded(17, 2, 2)], [[seeded(18 + i, 2, 2)] for i in range(4)], "Nesterov with weight decay, lr 0.01",
             lr=0.01, momentum=0.5, nesterov=True, weight_decay=0.1),
    ],
    extreme=[
        make([seeded(21, 4, 4), seeded(22, 4)], [[seeded(100 + i, 4, 4), seeded(300 + i, 4)] for i in range(60)],
             "60 steps, momentum 0.99", lr=1e-3, momentum=0.99),
        make([seeded(23, 8, 8)], [[seeded(24 + i, 8, 8, scale=1e4)] for i in range(3)], "gradients near 1e4",
             lr=1e-6),
    ],
    invariants=[Invariant("the first step is plain SGD", first_step_is_plain_sgd)],
    mistakes=[
        Mistake("momentum as an average, buf = momentum * buf + (1 - momentum) * g, from a zero buffer: PyTorch "
                "adds the whole gradient (dampening 0) and starts the buffer at the first gradient",
                like=sgd_like(ema=True)),
        Mistake("Nesterov ignored: with nesterov=True the step is d + momentum * buf with the UPDATED buffer "
                "(d + momentum * the old buffer is just plain momentum again)", like=sgd_like(nesterov_ignored=True)),
        Mistake("weight decay added after the momentum (or decoupled): PyTorch adds weight_decay * p to the "
                "gradient before it enters the buffer", like=sgd_like(decay="after")),
        Mistake("weight decay left out", like=sgd_like(decay="none")),
        Mistake("lr folded into the buffer (buf = momentum * buf + lr * g): PyTorch's buffer holds no lr",
                like=sgd_like(lr_in_buffer=True)),
        Mistake("in-place update of a leaf that requires grad outside torch.no_grad()",
                error="leaf Variable that requires grad"),
        Mistake("a gradient modified in place — e.g. the first buffer IS the gradient tensor (no .clone()), so "
                "buf.mul_() later changes it", check="inputs unchanged"),
    ],
    grad=False,                    # an optimiser step runs outside autograd
    loops=kit.optimiser_loops(make),
    speed=Speed(lambda seed: make([seeded(31 + j + seed, *s) for j, s in enumerate(SPEED_SHAPES)],
                                  [[seeded(40 + 4 * i + j + seed, *s) for j, s in enumerate(SPEED_SHAPES)]
                                   for i in range(3)], nesterov=True, weight_decay=0.01), limit=30.0),
)], banned=kit.OPTIMISER_BANNED)
