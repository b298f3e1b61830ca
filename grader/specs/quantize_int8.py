"""quantize_int8: symmetric per-channel int8 quantisation, its inverse, and a W8A8 matmul, three
entries graded exactly on the integers. Particular to it: inputs moved clear of rounding ties (so
float error never decides a round), all-zero rows, magnitudes from 1e-3 to 1e3, square weights
that tell a per-row scale from a per-column one, reference-free round-trip bounds, and the
classic mistakes of a per-tensor scale, a zero point, truncation, the [-128, 127] range, and
sums accumulated in int8 or, for a float16/bfloat16 x, in its own dtype (float16 overflows)."""
import math

from hypothesis import strategies as st

import torch
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Int8 weight quantisation", zh="对称逐通道INT8量化", topic="efficiency", difficulty="easy",
            minutes=15, oracle="torch.quantize_per_channel with PerChannelMinMaxObserver's symmetric scales")
HINTS = [
    "One scale per row: amax = w.abs().amax(dim=1), scale = amax / 127, and where amax is 0 use 1 "
    "(torch.where). Broadcast it back with scale[:, None].",
    "q = torch.round(w / scale[:, None]).clamp(-127, 127).to(torch.int8): round first, then convert. "
    ".to(torch.int8) alone truncates toward zero.",
    "dequantise is q.to(scale.dtype) * scale[:, None].",
    "int8_matmul: flatten x to (N, in), quantise it with your own quantise (rows are tokens), "
    "acc = x_q.float() @ q.float().T (float32 even for a float16 x: exact below 2**24), "
    "y = (acc * x_scale[:, None] * scale).to(x.dtype), then reshape to (*x.shape[:-1], out).",
]

RANGE = 127


# ---- inputs ------------------------------------------------------------------------------------

def clear_of_ties(t: torch.Tensor, margin: float = 0.01) -> torch.Tensor:
    """t (..., n) with each element whose ratio to its row's scale lies within `margin` of a
    half-integer moved a tenth of a step toward zero: no rounding is then decided by float error
    (a row's largest element, at exactly ±127, never moves, so no scale changes)."""
    d = t.double()
    amax = d.abs().amax(-1, keepdim=True)
    scale = torch.where(amax > 0, amax / RANGE, torch.ones_like(amax))
    r = d / scale
    near = (r.abs().frac() - 0.5).abs() < margin
    return torch.where(near, (r - 0.1 * r.sign()) * scale, d).to(t.dtype)


def weight(draw, rows=None, cols=None):
    rows = rows or draw(st.integers(1, 6))
    cols = cols or draw(st.integers(1, 8))
    scale = draw(st.sampled_from([1e-3, 1.0, 30.0]))
    w = randn(draw, rows, cols, scale=scale)
    if rows > 1 and draw(st.integers(0, 3)) == 0:
        w[draw(st.integers(0, rows - 1))] = 0.0            # an all-zero row: scale 1 by rule
    return clear_of_ties(w), scale


def fixed(seed, *shape, scale=1.0):
    return clear_of_ties(seeded(seed, *shape, scale=scale))


def quantise_inputs(draw) -> Case:
    w, scale = weight(draw)
    return Case(args=(w,), scale=scale)


def quantised(w):
    """(q, scale) by the prompt's rule, for the inputs of dequantise and int8_matmul: w is clear of
    rounding ties, so every right way of computing it gives these."""
    amax = w.abs().amax(dim=1)
    scale = torch.where(amax > 0, amax / RANGE, torch.ones_like(amax))
    return torch.round(w / scale[:, None]).clamp(-RANGE, RANGE).to(torch.int8), scale


def dequantise_case(w, label=""):
    q, scale = quantised(w)
    return Case(args=(q, scale), scale=float(w.abs().max()) if w.numel() else 1.0, label=label)


def dequantise_inputs(draw) -> Case:
    return dequantise_case(weight(draw)[0])


def matmul_case(x, w, label=""):
    q, scale = quantised(w)
    size = float(x.abs().max() * w.abs().max()) * math.sqrt(w.shape[1]) if x.numel() and w.numel() else 1.0
    return Case(args=(x, q, scale), scale=max(1.0, size), label=label)


def matmul_inputs(draw) -> Case:
    w, _ = weight(draw)
    lead = draw(st.lists(st.integers(1, 4), min_size=0, max_size=2))
    x = randn(draw, *lead, w.shape[1], scale=draw(st.sampled_from([1e-2, 1.0, 10.0])))
    if lead and draw(st.integers(0, 3)) == 0:
        x.view(-1, w.shape[1])[0] = 0.0                       # an all-zero token
    return matmul_case(clear_of_ties(x), w)


# ---- invariants (no reference needed) ----------------------------------------------------------

def _quantised(out, rows, cols):
    if not (isinstance(out, (tuple, list)) and len(out) == 2 and all(isinstance(t, torch.Tensor) for t in out)):
        raise Fail(f"quantise should return (q, scale), got {type(out).__name__}")
    q, scale = out
    if q.dtype != torch.int8 or tuple(q.shape) != (rows, cols) or tuple(scale.shape) != (rows,):
        raise Fail(f"expected q ({rows}, {cols}) int8 and scale ({rows},), got q {tuple(q.shape)} {q.dtype} and "
                   f"scale {tuple(scale.shape)}")
    return q.detach().long(), scale.detach().double()


def within_half_a_step(call, case):
    """Symmetric rounding to the nearest step: |q| <= 127 and |q * scale - w| <= scale / 2."""
    w = case.args[0]
    q, scale = _quantised(call(case), *w.shape)
    if (q.abs() > RANGE).any():
        raise Fail(f"q holds {int(q.min())}: a symmetric int8 scheme uses [-127, 127]")
    err = (q * scale[:, None] - w.double()).abs()
    bound = scale[:, None] / 2 * (1 + 1e-4) + 1e-12
    bad = err > bound
    if bad.any():
        r, j = bad.nonzero()[0].tolist()
        raise Fail(f"w[{r}, {j}] = {w[r, j].item():.6g} came back as q * scale = {q[r, j].item()} * "
                   f"{scale[r].item():.6g}, {err[r, j].item():.3g} away: more than half a step "
                   f"({scale[r].item() / 2:.3g}). Round to the nearest step")


def rows_reach_127(call, case):
    """Each nonzero row's largest |w| maps to ±127: the scale is the row's own max / 127."""
    w = case.args[0]
    q, _ = _quantised(call(case), *w.shape)
    top = q.abs().amax(1)
    bad = (w.abs().amax(1) > 0) & (top != RANGE)
    if bad.any():
        r = int(bad.nonzero()[0])
        raise Fail(f"row {r}'s largest |q| is {int(top[r])}, not 127: each output channel gets its own scale, "
                   f"max |w[{r}]| / 127")


def near_the_float_product(call, case):
    """|y - x @ w_hat.T| is at most the activations' rounding error: half a step of x_scale per
    element, times the weights it multiplies."""
    x, q, scale = case.args
    y = call(case)
    want = tuple(x.shape[:-1]) + (q.shape[0],)
    if not isinstance(y, torch.Tensor) or tuple(y.shape) != want:
        raise Fail(f"expected an output of shape {want}, got "
                   f"{tuple(y.shape) if isinstance(y, torch.Tensor) else type(y).__name__}")
    x2 = x.double().reshape(-1, x.shape[-1])
    w_hat = q.double() * scale.double()[:, None]
    amax = x2.abs().amax(1)
    x_step = torch.where(amax > 0, amax / RANGE, torch.ones_like(amax))
    bound = (x_step / 2)[:, None] * w_hat.abs().sum(1)[None, :] * (1 + 1e-3) + 1e-4 * case.scale
    err = (y.detach().double().reshape(x2.shape[0], -1) - x2 @ w_hat.T).abs()
    if (err > bound).any():
        i, o = (err > bound).nonzero()[0].tolist()
        raise Fail(f"output [{i}, {o}] (flattened rows) is {err[i, o].item():.3g} away from x @ dequantise(q, "
                   f"scale).T, more than rounding x to its int8 steps can explain ({bound[i, o].item():.3g})")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def row_scale(w, levels=RANGE):
    amax = w.abs().amax(dim=1)
    return torch.where(amax > 0, amax / levels, torch.ones_like(amax))


def per_tensor(w):
    scale = w.abs().max() / 127
    return torch.round(w / scale).clamp(-127, 127).to(torch.int8), scale.expand(w.shape[0])


def per_tensor_scalar(w):
    scale = w.abs().max() / 127
    return torch.round(w / scale).clamp(-127, 127).to(torch.int8), scale


def with_zero_point(w):
    lo, hi = w.amin(dim=1, keepdim=True), w.amax(dim=1, keepdim=True)
    scale = (hi - lo) / 255
    zero = torch.round(-lo / scale) - 128
    return torch.clamp(torch.round(w / scale) + zero, -128, 127).to(torch.int8), scale.squeeze(1)


def truncates(w):
    scale = row_scale(w)
    return (w / scale[:, None]).to(torch.int8), scale


def full_int8_range(w):
    scale = row_scale(w, 128)
    return torch.round(w / scale[:, None]).clamp(-128, 127).to(torch.int8), scale


def per_input_channel(w):
    amax = w.abs().amax(dim=0)
    scale = torch.where(amax > 0, amax / 127, torch.ones_like(amax))
    return torch.round(w / scale[None, :]).clamp(-127, 127).to(torch.int8), scale


def zero_row_divides_by_zero(w):
    scale = w.abs().amax(dim=1) / 127
    return torch.round(w / scale[:, None]).clamp(-127, 127).to(torch.int8), scale


def q_left_float(w):
    scale = row_scale(w)
    return torch.round(w / scale[:, None]).clamp(-127, 127), scale


def dequantise_wrong_dim(q, scale):
    return q.to(scale.dtype) * scale[None, :]


def dequantise_divides(q, scale):
    return q.to(scale.dtype) / scale[:, None]


def matmul(quantise_x="rows", fold="both", accumulate="float"):
    """int8_matmul, or one of its classic mistakes."""
    def int8_matmul(x, q, scale):
        x2 = x.reshape(-1, x.shape[-1])
        if quantise_x == "none":
            acc, x_scale = x2 @ q.to(x.dtype).T, torch.ones(x2.shape[0], dtype=x.dtype, device=x.device)
        else:
            if quantise_x == "tensor":
                x_scale = (x2.abs().max() / 127).expand(x2.shape[0])
            else:
                x_scale = row_scale(x2)
            x_q = x2 / x_scale[:, None]
            x_q = x_q.to(torch.int8) if quantise_x == "truncated" else torch.round(x_q).clamp(-127, 127).to(torch.int8)
            exact = x.dtype if accumulate == "x dtype" else torch.promote_types(x.dtype, torch.float32)
            acc = (x_q @ q.T).to(x.dtype) if accumulate == "int8" else x_q.to(exact) @ q.to(exact).T
        y = acc
        if fold in ("both", "weights"):
            y = y * scale
        if fold in ("both", "activations"):
            y = y * x_scale[:, None]
        return y.to(x.dtype).reshape(*x.shape[:-1], q.shape[0])
    return int8_matmul


PER_TENSOR = ("one scale for the whole tensor (per-tensor) instead of one per output channel: "
              "amax over dim=1, one scale per row")
ASYMMETRIC_RANGE = ("the range taken as [-128, 127] (scale = max|w| / 128, clamp(-128, 127)): a symmetric "
                    "scheme uses [-127, 127], scale = max|w| / 127")
TRUNCATES = "rounding by truncation (.to(torch.int8) or .int() cut toward zero): torch.round first"

QUANTISE = Entry(
    "quantise",
    inputs=quantise_inputs,
    examples=[
        Case(args=(torch.tensor([[0.4, -1.0, 0.25], [2.0, 0.1, -0.3]]),), label="the prompt's example"),
        Case(args=(fixed(1, 5, 5),), label="a square weight"),
        Case(args=(torch.cat([fixed(2, 2, 6), torch.zeros(1, 6), fixed(3, 1, 6, scale=1e-3)]),),
             label="an all-zero row (scale 1) and a row of tiny weights"),
        Case(args=(fixed(4, 4, 9, scale=300.0),), scale=300.0, label="weights in the hundreds"),
        Case(args=(torch.tensor([[-0.7]]),), label="one weight"),
        Case(args=(fixed(5, 6, 3) + 2.0,), label="all weights positive"),
    ],
    extreme=[
        Case(args=(fixed(6, 64, 1024),), label="a 64 x 1024 weight"),
        Case(args=(fixed(7, 8, 16, scale=1e4),), scale=1e4, label="weights near ±1e4"),
    ],
    invariants=[Invariant("within [-127, 127] and half a step of w", within_half_a_step),
                Invariant("each row's largest |w| maps to ±127", rows_reach_127)],
    mistakes=[
        Mistake(PER_TENSOR, like=per_tensor,
                hint="Each output channel (row) has its own range: amax = w.abs().amax(dim=1), one scale per row, "
                     "so a row of small weights keeps its precision."),
        Mistake(PER_TENSOR, like=per_tensor_scalar),
        Mistake("a zero point on a symmetric scheme ((max - min) / 255 and an offset): symmetric int8 has no zero "
                "point, q = round(w / scale) with scale = max|w| / 127", like=with_zero_point),
        Mistake(TRUNCATES, like=truncates,
                hint="Converting a float tensor to int8 cuts toward zero (2.9 -> 2): call torch.round before .to()."),
        Mistake(ASYMMETRIC_RANGE, like=full_int8_range),
        Mistake("one scale per input channel (column, amax over dim=0) instead of per output channel (row)",
                like=per_input_channel),
        Mistake("an all-zero row divides by zero (scale 0, NaN): give it scale 1", like=zero_row_divides_by_zero),
        Mistake("q left as a float tensor: convert it with .to(torch.int8)", like=q_left_float),
    ],
    grad=False,                     # rounding has no useful gradient
    loops=Loops(small=Case(args=(fixed(8, 3, 16),)), large=Case(args=(fixed(9, 11, 16),)), over="the rows"),
    speed=Speed(lambda seed: Case(args=(seeded(seed, 1024, 1024),)), limit=30.0),
)

DEQUANTISE = Entry(
    "dequantise",
    inputs=dequantise_inputs,
    examples=[
        dequantise_case(torch.tensor([[0.4, -1.0, 0.25], [2.0, 0.1, -0.3]]), "the prompt's example"),
        dequantise_case(fixed(10, 4, 4) * torch.tensor([[1.0], [10.0], [0.1], [3.0]]),
                        "a square weight whose rows have different scales"),
        dequantise_case(torch.cat([fixed(11, 2, 5), torch.zeros(1, 5)]), "an all-zero row"),
        dequantise_case(torch.tensor([[3.0]]), "one weight"),
    ],
    mistakes=[
        Mistake("the scale broadcast along the wrong dim (scale[None, :] scales columns): row r is multiplied by "
                "scale[r], scale[:, None]", like=dequantise_wrong_dim,
                error=r"size of tensor a \(\d+\) must match the size of tensor b \(\d+\) at non-singleton dimension 1"),
        Mistake("divides by the scale: dequantising multiplies, w_hat = q * scale", like=dequantise_divides),
    ],
    loops=Loops(small=dequantise_case(fixed(12, 3, 16)), large=dequantise_case(fixed(13, 11, 16)), over="the rows"),
)

MATMUL_MISTAKES = [
    Mistake("activations not quantised (x @ dequantised w): W8A8 quantises each row of x too, by the same rule",
            like=matmul(quantise_x="none")),
    Mistake("one scale for all of x (per-tensor): each row (token) of x gets its own scale", like=matmul(quantise_x="tensor")),
    Mistake("x rounded by truncation (.to(torch.int8) cuts toward zero): torch.round first",
            like=matmul(quantise_x="truncated")),
    Mistake("the activations' scale not folded back: y = acc * x_scale[:, None] * scale", like=matmul(fold="weights")),
    Mistake("the weights' scale not folded back: y = acc * x_scale[:, None] * scale", like=matmul(fold="activations")),
    Mistake("the int8 products summed in int8, which overflows: accumulate in float32 (exact below 2**24) or int32",
            like=matmul(accumulate="int8")),
    Mistake("the integer products summed in x's half dtype: float16 overflows past 65504 and bfloat16 rounds; "
            "accumulate in float32 (exact below 2**24)", like=matmul(accumulate="x dtype")),
]
MATMUL = Entry(
    "int8_matmul",
    inputs=matmul_inputs,
    examples=[
        matmul_case(torch.tensor([[1.2, 2.0, -0.6]]), torch.tensor([[0.4, -1.0, 0.25], [2.0, 0.1, -0.3]]),
                    "the prompt's example"),
        matmul_case(fixed(14, 2, 3, 8), fixed(15, 5, 8), "two leading dims"),
        matmul_case(fixed(16, 8) * 4, fixed(17, 3, 8), "x with no leading dim: a vector"),
        matmul_case(torch.cat([fixed(18, 3, 6), torch.zeros(1, 6)]) * torch.tensor([[1.0], [30.0], [0.01], [1.0]]),
                    fixed(19, 4, 6), "rows of x of very different sizes, and an all-zero row"),
        matmul_case(fixed(20, 5, 64, scale=3.0), fixed(21, 7, 64), "64 input features: int8 sums overflow"),
        matmul_case(clear_of_ties(seeded(29, 3, 64).abs() + 0.5), clear_of_ties(seeded(30, 4, 64).abs() + 0.5),
                    "positive x and w, 64 features: sums near 2.5e5, past float16's 65504 (graded in float16 too)"),
    ],
    extreme=[
        matmul_case(fixed(22, 16, 1024, scale=10.0), fixed(23, 32, 1024, scale=0.1), "1024 input features"),
        matmul_case(fixed(24, 4, 32, scale=1e3), fixed(25, 8, 32, scale=1e3), "values near ±1e3"),
    ],
    invariants=[Invariant("within the activations' rounding of x @ dequantised w", near_the_float_product)],
    mistakes=MATMUL_MISTAKES,
    half=True,                      # the sums stay exact in float16, past its range
    grad=False,
    loops=Loops(small=matmul_case(fixed(26, 3, 16), fixed(27, 4, 16)),
                large=matmul_case(fixed(28, 11, 16), fixed(27, 4, 16)), over="the rows of x"),
    speed=Speed(lambda seed: matmul_case(seeded(seed, 256, 1024), seeded(seed + 1, 1024, 1024)), limit=30.0),
)

DRILL = Drill(entries=[QUANTISE, DEQUANTISE, MATMUL],
              banned=["torch.quantize_per_channel", "torch.quantize_per_tensor", "torch.quantize_per_tensor_dynamic",
                      "torch.fake_quantize_per_channel_affine", "torch.fake_quantize_per_tensor_affine",
                      "torch.ao.quantization", "torch.ao.nn.quantized", "torch._weight_int8pack_mm"])
