"""rnn_bptt: a tanh RNN's forward over a sequence and its backpropagation through time, by hand:
torch.autograd and .backward() are banned while the learner's code runs, and so are nn.RNN, nn.RNNCell
and their aten kernels. Particular to it: the upstream gradient comes at every step (dhs), so a
gradient that is not carried back through h, or taken from the last step only, shows; examples with
dhs at the last step only, one step, D == H (a transposed weight gradient has the right shape), a
given h0; saturated steps and 100-step sequences; the gradients against central differences of the
loss in float64 (no reference needed); and the classic mistakes of the carry left out, tanh' from
the pre-activation, the last step only, dW_hh from h_t, dh0 dropped and the carry without tanh' or
with W_hh transposed."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Vanilla RNN and BPTT by hand", zh="手推RNN与BPTT", topic="vision and sequence",
            difficulty="medium", minutes=25, oracle="torch autograd through nn.RNN (tanh) with the same weights")
HINTS = [
    "Forward: h = h0; for x_t in x: h = torch.tanh(x_t @ W_xh.T + h @ W_hh.T + b); keep every h and "
    "torch.stack them. In backward, run it again to have every h_t, and h_{t-1} = h0 for the first step.",
    "Backward over t = T-1 .. 0 with dh = zeros like h0 (what the later steps send back): dh = dh + dhs[t]; "
    "da = dh * (1 - h_t ** 2) — tanh' from the output h_t.",
    "Then dx[t] = da @ W_xh; dW_xh += da.T @ x[t]; dW_hh += da.T @ h_prev (h_{t-1}, not h_t); db += da.sum(0); "
    "and dh = da @ W_hh carries the gradient to h_{t-1}. After the loop, dh is dh0.",
]

SIZES = st.integers(1, 5)


def forward64(x, h0, W_xh, W_hh, b):
    hs, h = [], h0
    for x_t in x:
        h = torch.tanh(x_t @ W_xh.T + h @ W_hh.T + b)
        hs.append(h)
    return torch.stack(hs)


def gradient_size(x, h0, W_xh, W_hh, b, dhs) -> float:
    """The largest true gradient, in float64: absolute tolerances grow with it."""
    leaves = [t.double().requires_grad_() for t in (x, h0, W_xh, W_hh, b)]
    with torch.enable_grad():
        grads = torch.autograd.grad((forward64(*leaves) * dhs.double()).sum(), leaves)
    return max(1.0, max(g.abs().max().item() for g in grads))


def make(x, h0, W_xh, W_hh, b, dhs=None, label="", seed=0) -> Case:
    if dhs is None:
        return Case(args=(x, h0, W_xh, W_hh, b), label=label, seed=seed)
    return Case(args=(x, h0, W_xh, W_hh, b, dhs), label=label, seed=seed,
                scale=gradient_size(x, h0, W_xh, W_hh, b, dhs))


def drawn(with_dhs: bool):
    def inputs(draw) -> Case:
        T, B, D, H = draw(SIZES), draw(SIZES), draw(SIZES), draw(SIZES)
        w = draw(st.sampled_from([0.3, 1.0, 2.0]))
        x = randn(draw, T, B, D, scale=draw(st.sampled_from([1.0, 3.0])))
        h0 = randn(draw, B, H) if draw(st.booleans()) else torch.zeros(B, H)
        dhs = randn(draw, T, B, H) if with_dhs else None
        return make(x, h0, randn(draw, H, D, scale=w), randn(draw, H, H, scale=w), randn(draw, H), dhs,
                    seed=draw(st.integers(0, 2**16)))
    return inputs


def fixed(seed, T, B, D, H, with_dhs=True, w=0.7, x_scale=1.0, h0=True, last_only=False, label="") -> Case:
    dhs = seeded(seed + 5, T, B, H) if with_dhs else None
    if dhs is not None and last_only:
        dhs[:-1] = 0
    return make(seeded(seed, T, B, D, scale=x_scale), seeded(seed + 1, B, H) if h0 else torch.zeros(B, H),
                seeded(seed + 2, H, D, scale=w), seeded(seed + 3, H, H, scale=w), seeded(seed + 4, H), dhs, label)


EXAMPLE = (torch.tensor([[[1.0]], [[0.5]]]), torch.zeros(1, 1), torch.tensor([[1.0]]), torch.tensor([[0.5]]),
           torch.zeros(1))


def examples(with_dhs: bool) -> list:
    ex = [
        make(*EXAMPLE, torch.tensor([[[0.0]], [[1.0]]]) if with_dhs else None, label="the prompt's example"),
        fixed(1, 4, 3, 2, 5, with_dhs, label="T=4, B=3, D=2, H=5, a given h0"),
        fixed(2, 1, 2, 3, 4, with_dhs, label="one step"),
        fixed(3, 5, 2, 4, 4, with_dhs, h0=False, label="D == H (a transposed weight has the right shape), h0 = 0"),
        fixed(4, 6, 1, 1, 1, with_dhs, w=1.5, label="B = D = H = 1"),
    ]
    if with_dhs:
        ex.append(fixed(5, 5, 2, 3, 3, last_only=True, label="a loss at the last step only (dhs zero before it)"))
    return ex


def extremes(with_dhs: bool) -> list:
    return [fixed(6, 3, 2, 4, 3, with_dhs, x_scale=100.0, label="inputs near ±100: saturated steps"),
            fixed(7, 100, 2, 3, 4, with_dhs, w=0.4, label="100 steps"),
            fixed(8, 3, 256, 8, 16, with_dhs, label="a batch of 256")]


# ---- invariant (no reference needed) --------------------------------------------------------------

def finite_differences(call, case):
    """The directional derivative of L = sum(hs * dhs) along a random direction, by central differences of
    a plain forward in float64, against the one the returned gradients give."""
    args = [t.double() for t in case.args]
    grads = call(Case(args=tuple(args)))
    if not isinstance(grads, (tuple, list)) or len(grads) != 5 or not all(isinstance(g, torch.Tensor) for g in grads):
        raise Fail("rnn_backward should return a tuple of five tensors (dx, dh0, dW_xh, dW_hh, db)")
    *inputs, dhs = args
    for name, g, t in zip(("dx", "dh0", "dW_xh", "dW_hh", "db"), grads, inputs):
        if g.shape != t.shape:
            raise Fail(f"{name} has shape {tuple(g.shape)}, but the input it is the gradient of has {tuple(t.shape)}")
    gen = torch.Generator().manual_seed(case.seed + 7)
    direction = [torch.randn(t.shape, generator=gen, dtype=torch.float64) for t in inputs]

    def loss(h):
        return (forward64(*(t + h * v for t, v in zip(inputs, direction))) * dhs).sum().item()
    h = 1e-6
    numeric = (loss(h) - loss(-h)) / (2 * h)
    analytic = sum((g.double() * v).sum().item() for g, v in zip(grads, direction))
    if abs(numeric - analytic) > 1e-5 * (1 + abs(numeric)):
        raise Fail(f"along a random direction L = sum(hs * dhs) changes at rate {numeric:.6g} (central differences in "
                   f"float64), but your (dx, dh0, dW_xh, dW_hh, db) give {analytic:.6g}")


# ---- the classic mistakes, written as a learner would ---------------------------------------------

def forward_like(*, h0_used=True, carried=True, W_hh_T=True, last=False):
    def rnn_forward(x, h0, W_xh, W_hh, b):
        h = h0 if h0_used else torch.zeros_like(h0)
        hs = []
        for x_t in x:
            prev = h if carried else h0
            h = torch.tanh(x_t @ W_xh.T + prev @ (W_hh.T if W_hh_T else W_hh) + b)
            hs.append(h)
        return h if last else torch.stack(hs)
    return rnn_forward


def backward_like(*, carry=True, tanh_of="output", steps="every", dW_hh_from="previous", dh0=True,
                  carry_through_tanh=True, carry_W_hh_T=False):
    def rnn_backward(x, h0, W_xh, W_hh, b, dhs):
        hs = forward_like()(x, h0, W_xh, W_hh, b)
        prev = torch.cat([h0[None], hs[:-1]])
        dx, dW_xh, dW_hh, db = torch.zeros_like(x), torch.zeros_like(W_xh), torch.zeros_like(W_hh), torch.zeros_like(b)
        dh = torch.zeros_like(h0)
        T = x.shape[0]
        for t in reversed(range(T)):
            upstream = dhs[t] if steps == "every" or t == T - 1 else torch.zeros_like(dhs[t])
            dh = dh + upstream if carry else upstream
            if tanh_of == "output":
                da = dh * (1 - hs[t] ** 2)
            else:                                   # 1 - a² with a the pre-activation
                a = x[t] @ W_xh.T + prev[t] @ W_hh.T + b
                da = dh * (1 - a ** 2)
            dx[t] = da @ W_xh
            dW_xh += da.T @ x[t]
            dW_hh += da.T @ (prev[t] if dW_hh_from == "previous" else hs[t])
            db += da.sum(0)
            g = da if carry_through_tanh else dh
            dh = g @ (W_hh.T if carry_W_hh_T else W_hh)
        return dx, dh if dh0 else torch.zeros_like(h0), dW_xh, dW_hh, db
    return rnn_backward


BANNED = ["torch.nn.RNN", "torch.nn.RNNCell", "torch.rnn_tanh", "torch.rnn_tanh_cell", "torch._VF.rnn_tanh",
          "torch._VF.rnn_tanh_cell", "torch.ops.aten.rnn_tanh", "torch.ops.aten.rnn_tanh_cell",
          "torch.ops.aten.tanh_backward"]

FORWARD = Entry(
    "rnn_forward",
    inputs=drawn(False),
    examples=examples(False),
    extreme=extremes(False),
    invariants=[kit.batch_independence(arg_at=0, batch_dim=1, out_dim=1)],
    mistakes=[
        Mistake("h0 ignored: the first step starts from the h0 given", like=forward_like(h0_used=False)),
        Mistake("the state is not carried: every step reads h_{t-1}, the state the step before made, not h0",
                like=forward_like(carried=False)),
        Mistake("W_hh not transposed: h_{t-1} @ W_hh.T (weights are (out, in))", like=forward_like(W_hh_T=False)),
        Mistake("only the last state returned: hs holds every step's h_t, (T, B, H)", like=forward_like(last=True)),
        kit.IN_PLACE,
    ],
    grad=False,
    loops=Loops(small=fixed(9, 4, 3, 4, 5, False), large=fixed(9, 4, 9, 4, 5, False), over="the batch"),
)

NOT_CARRIED = ("the gradient through h is not accumulated over time: dL/dh_t is dhs[t] PLUS what step t + 1 sends "
               "back (da_{t+1} @ W_hh)")
BACKWARD = Entry(
    "rnn_backward",
    inputs=drawn(True),
    examples=examples(True),
    extreme=extremes(True),
    invariants=[Invariant("gradients match finite differences of the loss", finite_differences)],
    mistakes=[
        Mistake(NOT_CARRIED, like=backward_like(carry=False),
                hint="Keep dh across the loop: dh = dh + dhs[t] at step t, and dh = da @ W_hh before moving to t - 1."),
        Mistake("tanh' from the pre-activation: tanh'(a_t) = 1 - tanh(a_t)² = 1 - h_t², the OUTPUT squared, not "
                "1 - a_t²",
                like=backward_like(tanh_of="pre-activation"),
                hint="Keep the forward's outputs hs: da = dh * (1 - hs[t] ** 2)."),
        Mistake("the loss at the last step only: dhs holds dL/dh_t for EVERY step, add dhs[t] at each t",
                like=backward_like(steps="last")),
        Mistake("dW_hh from h_t: step t multiplies h_{t-1} by W_hh, so dW_hh += da_tᵀ @ h_{t-1} (h0 for the first)",
                like=backward_like(dW_hh_from="current")),
        Mistake("dh0 left at zero: dh0 is the gradient carried past the first step, da_1 @ W_hh",
                like=backward_like(dh0=False)),
        Mistake("the carried gradient skips tanh': dh_{t-1} = da_t @ W_hh with da_t = dh_t * (1 - h_t²)",
                like=backward_like(carry_through_tanh=False)),
        Mistake("W_hh transposed in the carry: a_t = h_{t-1} @ W_hh.T, so dh_{t-1} = da_t @ W_hh",
                like=backward_like(carry_W_hh_T=True)),
        kit.IN_PLACE,
    ],
    grad=False,                   # its outputs are gradients already: autograd is what it must not use
    loops=Loops(small=fixed(10, 4, 3, 4, 5), large=fixed(10, 4, 9, 4, 5), over="the batch"),
    speed=Speed(lambda seed: fixed(20 + seed, 32, 64, 32, 64, w=0.1), limit=30.0),
)

DRILL = Drill(entries=[FORWARD, BACKWARD], banned=BANNED, autograd=False)
