"""sinusoidal_pe: a function of two ints, so there is nothing to differentiate, no float input to
cast and no input device to follow. Particular to it: the tolerance grows with the length (float32
angles are off by about 1e-7 × position radians), invariants on each pair of dims (sin² + cos² = 1,
position 0 is [0, 1, 0, 1, ...]), and the classic mistakes of the interleaving (halves concatenated,
sin and cos swapped) and of the exponent."""
from hypothesis import strategies as st

import torch
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(oracle="the Transformer paper's formula in float64", title="Sinusoidal positional encoding", zh="正弦位置编码", topic="positions and blocks",
            difficulty="easy", minutes=6)
HINTS = [
    "Positions as a column, torch.arange(seq_len).float()[:, None] (S, 1); frequencies as a row, "
    "10000 ** (-torch.arange(0, d_model, 2) / d_model) (d/2,). Their product is every angle (S, d/2).",
    "arange(0, d_model, 2) already is 2i: divide by d_model, not by 2 * d_model, and do not use "
    "arange(d_model // 2) / d_model.",
    "Interleave: pe[:, 0::2] = angles.sin(); pe[:, 1::2] = angles.cos() on pe = torch.zeros(S, d), or "
    "torch.stack([sin, cos], -1).flatten(-2).",
]


def case(seq_len, d_model, label=""):
    """float32 angles are off by about 1e-7 × position radians: the tolerance grows with the length."""
    return Case(args=(seq_len, d_model), scale=max(1.0, seq_len / 16), label=label)


def inputs(draw) -> Case:
    return case(draw(st.integers(1, 64)), 2 * draw(st.integers(1, 32)))


CONCATENATED = "sin and cos halves concatenated instead of interleaved (sin on even dims, cos on odd dims)"
SWAPPED = "sin and cos swapped: sin goes on the even dims, cos on the odd dims"


# ---- invariants (no reference needed) ----------------------------------------------------------

def _table(call, c):
    pe = call(c)
    shape = tuple(c.args)
    if not isinstance(pe, torch.Tensor) or tuple(pe.shape) != shape:
        raise Fail(f"expected a tensor of shape {shape}")
    return pe.double()


def pairs_on_unit_circle(call, c):
    pe = _table(call, c)
    norm = pe[:, 0::2] ** 2 + pe[:, 1::2] ** 2                 # (S, d/2): sin² + cos² of one angle
    bad = (norm - 1).abs() > 1e-4
    if bad.any():
        pos, i = bad.nonzero()[0].tolist()
        raise Fail(f"PE[{pos}, {2 * i}]² + PE[{pos}, {2 * i + 1}]² = {norm[pos, i].item():.4g}, not 1: dims 2i and "
                   f"2i + 1 must be the sin and cos of the same angle (interleaved, not concatenated halves)")


def position_zero(call, c):
    pe = _table(call, c)
    half = pe.shape[1] // 2
    want = torch.tensor([0.0, 1.0], dtype=pe.dtype).repeat(half)
    if torch.allclose(pe[0], want, atol=1e-6):
        return
    # at angle 0 the layout shows plainly: [1, 0, 1, 0, ...] is cos first, [0, 0, ..., 1, 1] two halves
    swapped, halves = want.flip(0), want.view(half, 2).T.flatten()
    mistake = SWAPPED if torch.allclose(pe[0], swapped, atol=1e-6) else \
        CONCATENATED if half > 1 and torch.allclose(pe[0], halves, atol=1e-6) else ""
    raise Fail(f"PE[0] is {[round(x, 4) for x in pe[0, :6].tolist()]}..., expected [0, 1, 0, 1, ...]: at "
               f"position 0 every angle is 0 (positions start at 0; sin on even dims, cos on odd dims)", mistake)


# ---- classic mistakes, written as a learner would ----------------------------------------------

def _angles(seq_len, d_model, exponents, start=0):
    pos = torch.arange(start, start + seq_len, dtype=torch.float32)[:, None]
    return pos * 10000.0 ** (-exponents / d_model)


def halves_concatenated(seq_len, d_model):
    a = _angles(seq_len, d_model, torch.arange(0, d_model, 2).float())
    return torch.cat([a.sin(), a.cos()], dim=-1)


def exponent_i_over_d(seq_len, d_model):
    a = _angles(seq_len, d_model, torch.arange(d_model // 2).float())
    return torch.stack([a.sin(), a.cos()], dim=-1).flatten(-2)


def sin_cos_swapped(seq_len, d_model):
    a = _angles(seq_len, d_model, torch.arange(0, d_model, 2).float())
    return torch.stack([a.cos(), a.sin()], dim=-1).flatten(-2)


def odd_dims_own_exponent(seq_len, d_model):
    a = _angles(seq_len, d_model, torch.arange(d_model).float())       # (S, d): dim j uses 10000^(-j/d)
    pe = a.sin()
    pe[:, 1::2] = a[:, 1::2].cos()
    return pe


def positions_from_one(seq_len, d_model):
    a = _angles(seq_len, d_model, torch.arange(0, d_model, 2).float(), start=1)
    return torch.stack([a.sin(), a.cos()], dim=-1).flatten(-2)


DRILL = Drill(entries=[Entry(
    "sinusoidal_pe",
    inputs=inputs,
    examples=[
        case(3, 4, label="the prompt's example"),
        case(1, 2, label="one position"),
        case(10, 2, label="d_model = 2: one frequency"),
        case(7, 16),
        case(50, 6),
        case(8, 512, label="d_model = 512"),
    ],
    extreme=[case(4096, 128, label="4096 positions")],
    invariants=[
        Invariant("sin² + cos² = 1 for each pair of dims", pairs_on_unit_circle),
        Invariant("position 0 is [0, 1, 0, 1, ...]", position_zero),
    ],
    mistakes=[
        Mistake(CONCATENATED, like=halves_concatenated,
                hint="Dims 2i and 2i + 1 hold the sin and the cos of ONE angle: pe[:, 0::2] = sin, "
                     "pe[:, 1::2] = cos, or torch.stack([sin, cos], dim=-1).flatten(-2) (stack on the LAST axis)."),
        Mistake("exponent i/d instead of 2i/d (i is the index of the pair of dims)", like=exponent_i_over_d),
        Mistake(SWAPPED, like=sin_cos_swapped),
        Mistake("the odd dim 2i+1 uses its own index in the exponent: dims 2i and 2i+1 share "
                "10000^(2i/d)", like=odd_dims_own_exponent),
        Mistake("positions start at 1: they are 0 .. seq_len - 1", like=positions_from_one),
    ],
    grad=False,     # the inputs are ints: nothing to differentiate
    device=False,   # no tensor comes in, so there is no input device to follow
    loops=Loops(small=case(6, 8), large=case(18, 24), over="the positions and the dims"),
    # many positions, few dims: a loop over positions costs 415-490x, correct variants 0.75-2.6x
    speed=Speed(lambda seed: case(2048, 16), limit=30.0),
)])
