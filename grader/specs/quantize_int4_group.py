"""quantize_int4_group: group-wise asymmetric 4-bit quantisation with two nibbles per byte, and its
inverse; integers graded exactly. Particular to it: inputs moved clear of rounding ties (of the
weights and of the zero points), groups that are all positive, all negative or all zero, group
sizes from 1 to 16 (odd ones straddle bytes), a reference-free round trip through the prompt's
packing, and the classic mistakes of groups along the output dim, scale and zero mixed up, the
nibble order, the range not holding 0, and uint8 wrapping below 0."""
from hypothesis import strategies as st

import torch
from grader.engine.kit import generator, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="Group-wise int4 quantisation", zh="分组INT4量化", topic="efficiency", difficulty="medium",
            minutes=20, oracle="PerChannelMinMaxObserver (per_channel_affine, [0, 15]) and "
                               "torch.fake_quantize_per_channel_affine over the groups")
HINTS = [
    "groups = w.reshape(out, in // group_size, group_size): the last dim is one group. lo = "
    "groups.amin(-1).clamp(max=0), hi = groups.amax(-1).clamp(min=0).",
    "scale = (hi - lo) / 15 (torch.where(hi > lo, ..., 1.0)), zero = torch.round(-lo / scale); "
    "q = (torch.round(groups / scale[..., None]) + zero[..., None]).clamp(0, 15), back to (out, in), uint8.",
    "Packing: packed = q[:, 0::2] | (q[:, 1::2] << 4) — the even element in the low nibble.",
    "Unpacking: torch.stack([packed & 15, packed >> 4], dim=-1).reshape(out, in) restores the order; "
    "convert to scale's dtype BEFORE subtracting zero, then (q - zero[..., None]) * scale[..., None] per group.",
]

STEPS = 15


# ---- inputs ------------------------------------------------------------------------------------

def ranges(d: torch.Tensor, group_size: int):
    """(lo, hi, scale) of each group of d (out, in), by the prompt's rule."""
    groups = d.reshape(d.shape[0], -1, group_size)
    lo, hi = groups.amin(-1).clamp(max=0), groups.amax(-1).clamp(min=0)
    return lo, hi, torch.where(hi > lo, (hi - lo) / STEPS, torch.ones_like(hi))


def clear_of_ties(w: torch.Tensor, group_size: int, margin: float = 0.01) -> torch.Tensor:
    """w with no rounding decided by float error: every w / scale and every -lo / scale at least
    `margin` from a half-integer. A zero point near a tie stretches its group's most negative
    weight by 3%; a weight near a tie moves a tenth of a step toward 0 (inside the range)."""
    d = w.double().clone()
    for _ in range(50):
        lo, hi, scale = ranges(d, group_size)
        groups = d.view(d.shape[0], -1, group_size)
        zero_tie = ((-lo / scale).frac() - 0.5).abs() < margin
        r = groups / scale[..., None]
        tie = (r.abs().frac() - 0.5).abs() < margin
        if not zero_tie.any() and not tie.any():
            return d.to(w.dtype)
        lowest = groups == groups.amin(-1, keepdim=True)
        groups.copy_(torch.where(zero_tie[..., None] & lowest, groups * 1.03,
                                 torch.where(tie & ~zero_tie[..., None], (r - 0.1 * r.sign()) * scale[..., None], groups)))
    raise ValueError("could not move the weights clear of rounding ties")


def weight(draw):
    """(w, group_size): signs mixed, and groups sometimes all positive, all negative or all zero."""
    group_size = draw(st.sampled_from([1, 2, 3, 4, 8]))
    n_groups = draw(st.integers(1, 4))
    if group_size % 2:
        n_groups = 2 * ((n_groups + 1) // 2)               # in_features even
    rows = draw(st.integers(1, 5))
    scale = draw(st.sampled_from([1e-2, 1.0, 30.0]))
    w = torch.randn(rows, n_groups * group_size, generator=generator(draw)) * scale
    groups = w.view(rows, n_groups, group_size)
    for _ in range(draw(st.integers(0, 2))):
        r, j = draw(st.integers(0, rows - 1)), draw(st.integers(0, n_groups - 1))
        kind = draw(st.sampled_from(["positive", "negative", "zero"]))
        groups[r, j] = {"positive": groups[r, j].abs(), "negative": -groups[r, j].abs(), "zero": 0.0}[kind]
    return clear_of_ties(w, group_size), group_size, scale


def quantise_case(w, group_size, scale=1.0, label=""):
    return Case(args=(w, group_size), scale=scale, label=label)


def quantise_inputs(draw) -> Case:
    w, group_size, scale = weight(draw)
    return quantise_case(w, group_size, scale)


def fixed(seed, rows, cols, group_size, scale=1.0):
    return clear_of_ties(seeded(seed, rows, cols, scale=scale), group_size)


def quantised(w, group_size):
    """(packed, scale, zero) by the prompt's rule and layout, for dequantise's inputs: w is clear of
    rounding ties, so every right way of computing it gives these."""
    lo, _, scale = ranges(w, group_size)
    zero = torch.round(-lo / scale)
    q = (torch.round(w.reshape(scale.shape + (group_size,)) / scale[..., None]) + zero[..., None]).clamp(0, STEPS)
    q = q.to(torch.uint8).reshape(w.shape)
    return q[:, 0::2] | (q[:, 1::2] << 4), scale, zero.to(torch.uint8)


def dequantise_case(w, group_size, label=""):
    packed, scale, zero = quantised(w, group_size)
    return Case(args=(packed, scale, zero, group_size), scale=max(1.0, float(w.abs().max())), label=label)


def dequantise_inputs(draw) -> Case:
    w, group_size, _ = weight(draw)
    return dequantise_case(w, group_size)


EXAMPLE = torch.tensor([[-1.0, 0.5, 2.0, 0.3], [0.3, 0.1, -0.6, -0.2]])


def mixed_groups(seed=1):
    """8 groups of 4 per row: mixed signs, all positive, all negative, all zero, one tiny."""
    w = fixed(seed, 3, 32, 4)
    g = w.view(3, 8, 4)
    g[0, 1], g[1, 2], g[2, 3] = g[0, 1].abs(), -g[1, 2].abs(), 0.0
    g[2, 5] *= 1e-3
    return clear_of_ties(w, 4)


# ---- invariants (no reference needed) ----------------------------------------------------------

def unpacked(out, w, group_size):
    """The learner's (q, scale, zero) read by the prompt's layout (low nibble first)."""
    if not (isinstance(out, (tuple, list)) and len(out) == 3 and all(isinstance(t, torch.Tensor) for t in out)):
        raise Fail(f"quantise should return (packed, scale, zero), got {type(out).__name__}")
    packed, scale, zero = out
    rows, n = w.shape
    want = {"packed": ((rows, n // 2), torch.uint8), "zero": ((rows, n // group_size), torch.uint8),
            "scale": ((rows, n // group_size), None)}
    for name, t in zip(("packed", "scale", "zero"), out):
        shape, dtype = want[name]
        if tuple(t.shape) != shape or (dtype and t.dtype != dtype):
            raise Fail(f"expected {name} {shape}{f' {dtype}' if dtype else ''}, got {tuple(t.shape)} {t.dtype}")
    p = packed.detach().long()
    q = torch.stack([p & 15, p >> 4], dim=-1).reshape(rows, n)
    return q, scale.detach().double(), zero.detach().long()


def round_trip(call, case):
    """Read back by the prompt's layout, every weight is within half a step of w, and each zero
    point is a step in [0, 15]."""
    w, group_size = case.args
    q, scale, zero = unpacked(call(case), w, group_size)
    if (zero > STEPS).any():
        raise Fail(f"a zero point is {int(zero.max())}: it is a 4-bit step, in [0, 15]")
    back = (q.view(q.shape[0], -1, group_size) - zero[..., None]) * scale[..., None]
    err = (back.reshape(w.shape) - w.double()).abs()
    bound = scale.repeat_interleave(group_size, dim=1) / 2 * (1 + 1e-4) + 1e-12
    bad = err > bound
    if bad.any():
        r, j = bad.nonzero()[0].tolist()
        raise Fail(f"w[{r}, {j}] = {w[r, j].item():.6g} comes back as (q - zero) * scale = "
                   f"({q[r, j].item()} - {zero[r, j // group_size].item()}) * {scale[r, j // group_size].item():.6g}, "
                   f"{err[r, j].item():.3g} away: more than half a step, reading byte {j // 2}'s "
                   f"{'low' if j % 2 == 0 else 'high'} nibble as the prompt packs it")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def quantiser(along="inputs", through_zero=True, levels=15, rounding="round", packing="low first",
              returns="scale, zero", zero_kind="step", zero_groups="scale 1"):
    """quantise, or one of its classic mistakes."""
    def quantise(w, group_size):
        out, n = w.shape
        if along == "outputs":
            groups = w.reshape(out // group_size, group_size, n).transpose(1, 2)    # (out/g, n, g)
        else:
            groups = w.reshape(out, n // group_size, group_size)
        lo, hi = groups.amin(-1), groups.amax(-1)
        if through_zero:
            lo, hi = lo.clamp(max=0), hi.clamp(min=0)
        scale = (hi - lo) / levels
        if zero_groups == "scale 1":
            scale = torch.where(hi > lo, scale, torch.ones_like(scale))
        x = groups / scale[..., None]
        if zero_kind == "float min":
            q = torch.round((groups - lo[..., None]) / scale[..., None]).clamp(0, 15)
            zero = lo
        else:
            zero = torch.round(-lo / scale)
            q = (torch.round(x) if rounding == "round" else torch.trunc(x)) + zero[..., None]
            q = q.clamp(0, 15)
            zero = zero.to(torch.uint8)
        q = q.to(torch.uint8)
        q = q.transpose(1, 2).reshape(out, n) if along == "outputs" else q.reshape(out, n)
        if packing == "high first":
            packed = (q[:, 0::2] << 4) | q[:, 1::2]
        elif packing == "halves":
            packed = q[:, : n // 2] | (q[:, n // 2:] << 4)
        else:
            packed = q[:, 0::2] | (q[:, 1::2] << 4)
        return (packed, zero, scale) if returns == "zero, scale" else (packed, scale, zero)
    return quantise


def dequantiser(unpack="low first", subtract="float", zero_after=False, tile=False):
    """dequantise, or one of its classic mistakes."""
    def dequantise(packed, scale, zero, group_size):
        out = packed.shape[0]
        low, high = packed & 0x0F, packed >> 4
        if unpack == "halves":
            q = torch.cat([low, high], dim=1)
        else:
            q = torch.stack([high, low] if unpack == "high first" else [low, high], dim=-1).reshape(out, -1)
        if tile:
            s = scale.repeat(1, group_size)
            z = zero.repeat(1, group_size)
        else:
            s = scale.repeat_interleave(group_size, dim=1)
            z = zero.repeat_interleave(group_size, dim=1)
        if zero_after:
            return q.to(scale.dtype) * s - z.to(scale.dtype)
        if subtract == "uint8":
            return (q - z).to(scale.dtype) * s
        return (q.to(scale.dtype) - z.to(scale.dtype)) * s
    return dequantise


PACKING = ("packing order: byte k holds q[2k] in its low nibble and q[2k+1] in its high nibble, "
           "packed = q[:, 0::2] | (q[:, 1::2] << 4)")
SCALE_ZERO = "scale and zero mixed up"

QUANTISE = Entry(
    "quantise",
    inputs=quantise_inputs,
    examples=[
        quantise_case(EXAMPLE, 2, label="the prompt's example"),
        quantise_case(mixed_groups(), 4, label="groups of 4: mixed, all positive, all negative, all zero, tiny"),
        quantise_case(fixed(2, 4, 12, 3), 3, label="odd groups of 3: a byte holds two groups' nibbles"),
        quantise_case(fixed(3, 4, 4, 4, scale=100.0), 4, 100.0, label="one group per row, weights in the hundreds"),
        quantise_case(fixed(4, 2, 16, 8), 8, label="two rows, groups of 8"),
        quantise_case(fixed(5, 3, 2, 1), 1, label="groups of 1: each weight is 0 or 15 steps"),
    ],
    extreme=[
        quantise_case(fixed(6, 64, 1024, 128), 128, label="a 64 x 1024 weight, groups of 128"),
        quantise_case(fixed(7, 4, 32, 16, scale=1e4), 16, 1e4, label="weights near ±1e4"),
    ],
    invariants=[Invariant("every weight within half a step, read back by the prompt's packing", round_trip)],
    mistakes=[
        Mistake("groups along the wrong dim: a group is group_size consecutive weights of a ROW (along the input "
                "dim), scale (out, in // group_size)", like=quantiser(along="outputs"),
                hint="w.reshape(out, in // group_size, group_size): each row splits into groups of consecutive "
                     "input weights, as a matmul reads them."),
        Mistake(f"{SCALE_ZERO}: return (packed, scale, zero) in that order", like=quantiser(returns="zero, scale")),
        Mistake(f"{SCALE_ZERO}: the zero point is the integer step round(-lo / scale), uint8, not the float minimum",
                like=quantiser(zero_kind="float min")),
        Mistake(PACKING, like=quantiser(packing="high first"),
                hint="The even-indexed q goes in the LOW nibble: packed = q[:, 0::2] | (q[:, 1::2] << 4)."),
        Mistake(PACKING, like=quantiser(packing="halves")),
        Mistake("the range does not hold 0: lo = min(min(group), 0), hi = max(max(group), 0), so that 0.0 is "
                "exactly a step", like=quantiser(through_zero=False)),
        Mistake("(hi - lo) / 16: 4 bits give 16 levels, 0..15, so 15 steps: scale = (hi - lo) / 15",
                like=quantiser(levels=16)),
        Mistake("rounding by truncation: torch.round, not trunc or a cast", like=quantiser(rounding="trunc")),
        Mistake("an all-zero group divides by zero (scale 0, NaN): give it scale 1", like=quantiser(zero_groups="nan")),
    ],
    grad=False,                     # rounding has no useful gradient
    loops=Loops(small=quantise_case(fixed(8, 4, 8, 4), 4), large=quantise_case(fixed(9, 12, 32, 4), 4),
                over="the rows and groups"),      # rows a multiple of group_size: groups of rows run too
    speed=Speed(lambda seed: quantise_case(seeded(seed, 1024, 1024), 128), limit=30.0),
)

DEQUANTISE = Entry(
    "dequantise",
    inputs=dequantise_inputs,
    examples=[
        dequantise_case(EXAMPLE, 2, "the prompt's example"),
        dequantise_case(mixed_groups(2), 4, "groups of 4: mixed, all positive, all negative, all zero, tiny"),
        dequantise_case(fixed(10, 3, 12, 3), 3, "odd groups of 3"),
        dequantise_case(fixed(11, 2, 2, 2), 2, "one byte per row"),
    ],
    mistakes=[
        Mistake("q - zero computed in uint8, which wraps around below 0 (3 - 10 = 249): convert to a float first",
                like=dequantiser(subtract="uint8"),
                hint="uint8 arithmetic has no negative numbers: q.to(scale.dtype) - zero.to(scale.dtype)."),
        Mistake(PACKING, like=dequantiser(unpack="high first")),
        Mistake(PACKING, like=dequantiser(unpack="halves")),
        Mistake(f"{SCALE_ZERO}: the zero is a step, subtracted before scaling: (q - zero) * scale",
                like=dequantiser(zero_after=True)),
        Mistake("the groups' scales tiled (repeat) instead of each repeated over its own group (repeat_interleave)",
                like=dequantiser(tile=True)),
    ],
    loops=Loops(small=dequantise_case(fixed(12, 4, 8, 4), 4), large=dequantise_case(fixed(13, 12, 32, 4), 4),
                over="the rows and groups"),
    speed=Speed(lambda seed: dequantise_case(seeded(seed, 1024, 1024), 128), limit=30.0),
)

DRILL = Drill(entries=[QUANTISE, DEQUANTISE],
              banned=["torch.quantize_per_channel", "torch.quantize_per_tensor", "torch.fake_quantize_per_channel_affine",
                      "torch.fake_quantize_per_tensor_affine", "torch.ao.quantization", "torch.ao.nn.quantized"])
