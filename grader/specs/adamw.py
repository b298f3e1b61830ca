"""adamw: one optimiser step, graded as a sequence of steps from an empty state (params after each
call and the state compared call by call). Particular to it: gradients from 1e-7 to 1e4 where eps
matters, the first step's lr · sign(g) property, torch.optim banned as a whole, and the classic
mistakes of L2 decay, missing bias corrections, decay without lr, and eps inside the root."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake, Speed

META = dict(title="AdamW step", zh="AdamW优化器", topic="training", difficulty="medium", minutes=20,
            oracle="torch.optim.AdamW")
HINTS = [
    "On the first call fill the state: step = 0 and zeros_like for every param in exp_avg and exp_avg_sq. "
    "Then step += 1 before using it: the bias corrections 1 - beta ** step must never be 0.",
    "Per param, under torch.no_grad(): p.mul_(1 - lr * weight_decay) first; m.mul_(beta1).add_(g, alpha=1 - beta1); "
    "v.mul_(beta2).addcmul_(g, g, value=1 - beta2).",
    "denom = (v / (1 - beta2 ** step)).sqrt() + eps — eps outside the root — then "
    "p.addcdiv_(m, denom, value=-lr / (1 - beta1 ** step)).",
]


def make(params, grads_per_step, label="", **kwargs) -> Case:
    kwargs.setdefault("lr", 1e-2)
    return kit.optimiser_case(params, grads_per_step, label, **kwargs)


def run(step, case, ns):
    return kit.optimiser_steps(step, case)


def inputs(draw) -> Case:
    params, steps = kit.params_and_grads(draw, [1e-4, 1e-2, 1.0, 10.0])
    kwargs = {"lr": draw(st.sampled_from([1e-3, 1e-2, 0.1]))}
    for name, values in (("betas", [(0.8, 0.99), (0.5, 0.9)]), ("eps", [1e-6, 1e-3]),
                         ("weight_decay", [0.0, 0.1, 0.5])):
        value = draw(st.sampled_from([None, *values]))
        if value is not None:
            kwargs[name] = value
    return make(params, steps, **kwargs)


def first_step_is_sign(call, case):
    """With zero moments and both bias corrections, step 1 moves each weight by lr * g / (|g| + eps):
    lr against the sign of its gradient, whatever the gradient's size."""
    params, grads = case.kwargs["params"], case.kwargs["grads_per_step"][0]
    lr, eps = case.kwargs["lr"], case.kwargs.get("eps", 1e-8)
    keep = {k: v for k, v in case.kwargs.items() if k in ("betas", "eps")}
    out = call(make(params, [grads], lr=lr, weight_decay=0.0, **keep))[0][1]["params"]
    for i, (p0, g, p1) in enumerate(zip(params, grads, out)):
        clear = g.abs() > 1e3 * eps
        moved = (p0 - p1)[clear]
        want = lr * g.sign()[clear]
        if not torch.allclose(moved, want, rtol=2e-3, atol=1e-6 * case.scale):
            raise Fail(f"with weight_decay=0 Adam's first step moves every weight by lr = {lr:g} against its "
                       f"gradient's sign (m_hat = g, v_hat = g², so m_hat / sqrt(v_hat) = ±1); param {i} moved by "
                       f"{moved.flatten()[:4].tolist()} — check the bias corrections")


# ---- the classic mistakes -----------------------------------------------------------------------

def adam_like(*, l2=False, bias_correction=True, decay="decoupled", eps_inside=False):
    """AdamW, or one of its classic mistakes."""
    def step(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
        if not state:
            state.update(step=0, exp_avg=[torch.zeros_like(p) for p in params],
                         exp_avg_sq=[torch.zeros_like(p) for p in params])
        state["step"] += 1
        b1, b2 = betas
        c1, c2 = (1 - b1 ** state["step"], 1 - b2 ** state["step"]) if bias_correction else (1.0, 1.0)
        with torch.no_grad():
            for p, g, m, v in zip(params, grads, state["exp_avg"], state["exp_avg_sq"]):
                if l2:
                    g = g + weight_decay * p
                elif decay == "decoupled":
                    p.mul_(1 - lr * weight_decay)
                elif decay == "without lr":
                    p.mul_(1 - weight_decay)
                m.mul_(b1).add_(g, alpha=1 - b1)
                v.mul_(b2).addcmul_(g, g, value=1 - b2)
                denom = (v / c2 + eps).sqrt() if eps_inside else (v / c2).sqrt() + eps
                p.sub_(lr * (m / c1) / denom)
                if decay == "after":
                    p.mul_(1 - lr * weight_decay)
                elif decay == "without lr, after":
                    p.mul_(1 - weight_decay)
    return step


NO_LR = "weight decay without the lr factor: p *= 1 - lr * weight_decay"


def not_in_place(params, grads, state, lr, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01):
    if not state:
        state.update(step=0, exp_avg=[torch.zeros_like(p) for p in params],
                     exp_avg_sq=[torch.zeros_like(p) for p in params])
    state["step"] += 1
    b1, b2 = betas
    c1, c2 = 1 - b1 ** state["step"], 1 - b2 ** state["step"]
    for i, (p, g) in enumerate(zip(params, grads)):
        m = state["exp_avg"][i].mul_(b1).add_(g, alpha=1 - b1)
        v = state["exp_avg_sq"][i].mul_(b2).addcmul_(g, g, value=1 - b2)
        params[i] = p.detach() * (1 - lr * weight_decay) - lr * (m / c1) / ((v / c2).sqrt() + eps)   # a new tensor


SPEED_SHAPES = [(128, 128), (128,), (256, 64), (64,)]

DRILL = Drill(entries=[Entry(
    "adamw_step",
    inputs=inputs,
    run=run,
    examples=[
        make([torch.tensor([1.0, -2.0])], [[torch.tensor([0.5, -0.1])]], "the prompt's example",
             lr=0.1, weight_decay=0.1),
        make([seeded(1, 3, 4), seeded(2, 5)], [[seeded(3 + i, 3, 4), seeded(6 + i, 5)] for i in range(3)],
             "two params, default betas, eps and weight_decay"),
        make([seeded(9, 4, 3)], [[seeded(10 + i, 4, 3, scale=1e-2)] for i in range(3)],
             "lr 0.1, weight_decay 0.5: the decay is as large as the update", lr=0.1, weight_decay=0.5),
        make([seeded(13, 6)], [[seeded(14 + i, 6, scale=1e-4)] for i in range(2)],
             "gradients near 1e-4 with eps = 1e-8: eps outside the root"),
        make([torch.tensor(0.5), seeded(16, 2, 2)], [[torch.tensor(0.0), torch.zeros(2, 2)]] * 2,
             "zero gradients: m = v = 0, only the decay moves the weights (no 0/0)", weight_decay=0.1),
        make([seeded(17, 5)], [[seeded(18 + i, 5)] for i in range(3)], "betas (0.5, 0.9), eps 1e-3",
             lr=1e-3, betas=(0.5, 0.9), eps=1e-3),
    ],
    extreme=[
        make([seeded(21, 4, 4), seeded(22, 4)], [[seeded(100 + i, 4, 4), seeded(300 + i, 4)] for i in range(60)],
             "60 steps: the bias corrections fade out", lr=1e-3, betas=(0.9, 0.99)),
        make([seeded(23, 8, 8)], [[seeded(24 + i, 8, 8, scale=1e4)] for i in range(3)], "gradients near 1e4"),
        make([seeded(27, 8)], [[seeded(28 + i, 8, scale=1e-7)] for i in range(3)], "gradients near 1e-7: eps matters"),
    ],
    invariants=[Invariant("the first step is lr * sign(grad)", first_step_is_sign)],
    mistakes=[
        Mistake("L2 regularisation (weight_decay * p added to the gradient, as Adam does) instead of AdamW's "
                "decoupled decay p *= 1 - lr * weight_decay", like=adam_like(l2=True)),
        Mistake("no bias correction: divide m by 1 - beta1 ** step and v by 1 - beta2 ** step",
                like=adam_like(bias_correction=False)),
        Mistake(NO_LR, like=adam_like(decay="without lr")),
        Mistake(NO_LR, like=adam_like(decay="without lr, after")),
        Mistake("weight decay applied after the update, to the updated weights; PyTorch decays first",
                like=adam_like(decay="after")),
        Mistake("eps inside the square root: the denominator is sqrt(v_hat) + eps", like=adam_like(eps_inside=True)),
        Mistake("weight decay left out", like=adam_like(decay="none")),
        Mistake("params not updated in place: the caller's tensors must change (p.mul_, p.addcdiv_, ...)",
                like=not_in_place),
        Mistake("in-place update of a leaf that requires grad outside torch.no_grad()",
                error="leaf Variable that requires grad"),
        Mistake("a gradient modified in place: work on new tensors (g = g + ..., not g.add_)",
                check="inputs unchanged"),
    ],
    grad=False,                    # an optimiser step runs outside autograd
    loops=kit.optimiser_loops(make),
    speed=Speed(lambda seed: make([seeded(31 + j + seed, *s) for j, s in enumerate(SPEED_SHAPES)],
                                  [[seeded(40 + 4 * i + j + seed, *s) for j, s in enumerate(SPEED_SHAPES)]
                                   for i in range(3)]), limit=30.0),
)], banned=kit.OPTIMISER_BANNED)
