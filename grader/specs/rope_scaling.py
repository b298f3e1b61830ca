"""rope_scaling: two functions, position interpolation and NTK-aware scaling, each graded in float32,
float64, float16 and bfloat16. Particular to it: factors from 1 (plain RoPE) to 32, positions past the
trained range and not always 0..S-1 (kit.positions), an absolute tolerance that grows with the largest
position (float32 angles), invariants that need no reference (norms kept, dot products depend only
on distances), and the mistakes of scaling: twice (positions and frequencies), the wrong way, the
base's exponent, one method for the other, and RoPE's own (kit: interleaved pairs)."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Entry, Drill, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="RoPE scaling: position interpolation and NTK", zh="位置插值与NTK缩放",
            topic="positions and blocks", difficulty="medium", minutes=15,
            oracle="transformers' modeling_rope_utils (linear and dynamic-NTK inverse frequencies) with "
                   "Llama's apply_rotary_pos_emb")
HINTS = [
    "Both are plain RoPE with one change: angles = positions[:, None] * inv_freq[None, :], (S, D/2), in "
    "float32, repeated for both halves; out = x * cos + rotate_half(x) * sin.",
    "Linear: divide the positions by factor (positions.float() / factor) and nothing else — dividing the "
    "frequencies too would scale twice.",
    "NTK: leave the positions alone; base = theta * factor ** (D / (D - 2)) and inv_freq = base ** "
    "(-arange(0, D, 2) / D). Check: the last frequency is theta^(-(D-2)/D) / factor.",
    "rotate_half(x) = cat(-x[..., D/2:], x[..., :D/2]); make arange on x.device and cast the result to x.dtype.",
]


def case_maker(method):
    """case(x, positions, factor, ...) for `method`. Correct formulations differ in float32 angles by
    ~1e-7 × the largest angle (p / factor · f or p · (f / factor), base ** e or theta ** e · factor ** e'),
    which is p / factor for linear and p for NTK: the absolute tolerance grows with it."""
    def case(x, positions, factor, theta=10000.0, x_scale=1.0, label=""):
        angles = positions / factor if method == "linear" else positions
        return Case(args=(x, positions, factor), kwargs={"theta": theta}, scale=x_scale * kit.position_scale(angles),
                    label=label)
    return case


def inputs_with(case, min_half: int):
    def inputs(draw) -> Case:
        lead = draw(st.lists(st.integers(1, 3), max_size=2))
        S, D = draw(st.integers(1, 6)), 2 * draw(st.integers(min_half, 8))
        factor = draw(st.sampled_from([1.0, 2.0, 4.0, 8.0, 2.5, 32.0]))
        theta = draw(st.sampled_from([10000.0, 10000.0, 500000.0, 100.0]))
        x_scale = draw(st.sampled_from([1.0, 10.0]))
        return case(randn(draw, *lead, S, D, scale=x_scale), kit.positions(draw, S, limit=16384), factor, theta,
                    x_scale)
    return inputs


# ---- invariants (no reference needed) ----------------------------------------------------------

def norm_preserved(call, case):
    x = case.args[0]
    a, b = x.norm(dim=-1), call(case).detach().norm(dim=-1)
    if a.shape != b.shape or not torch.allclose(a, b, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail("a token's norm changed: scaled RoPE still only rotates pairs of features, so it never "
                   "changes a vector's length")


def relative_positions(call, case):
    x, positions, factor = case.args
    shifted = Case(args=(x, positions + 7, factor), kwargs=case.kwargs, scale=case.scale)
    a, b = call(case).detach(), call(shifted).detach()
    dots_a, dots_b = a @ a.transpose(-2, -1), b @ b.transpose(-2, -1)      # (..., S, S) token dot products
    tol = 1e-4 * kit.position_scale(positions + 7) * x.shape[-1] * max(1.0, x.abs().max().item()) ** 2
    if (dots_a - dots_b).abs().max() > tol:
        raise Fail(f"moving every token 7 positions further changed the dot products between tokens by "
                   f"{(dots_a - dots_b).abs().max().item():.2g}: scaled RoPE still makes them depend only on "
                   f"the distance between the tokens")


INVARIANTS = [Invariant("norm preserved", norm_preserved),
              Invariant("depends only on relative position", relative_positions)]


# ---- classic mistakes, written as a learner would ----------------------------------------------

def scaled_like(method, mistake=""):
    """linear_scaled_rope (method "linear") or ntk_scaled_rope ("ntk") with one classic mistake."""
    def scaled_rope(x, positions, factor, theta=10000.0):
        D = x.shape[-1]
        dtype = x.dtype if mistake == "half angles" else torch.float32
        base = theta
        if method == "ntk" and mistake != "interpolation":
            exponent = {"exponent 1": 1.0, "exponent inverted": (D - 2) / D, "exponent 2/D": 2 / D}
            base = theta * factor ** exponent.get(mistake, D / (D - 2))
        inv_freq = base ** (-torch.arange(0, D, 2, device=x.device, dtype=dtype) / D)
        pos = positions.to(dtype)
        if (method == "linear" and mistake != "factor ignored") or mistake in ("both", "interpolation"):
            pos = pos * factor if mistake == "multiplied" else pos / factor
        if mistake == "both" and method == "linear":
            inv_freq = inv_freq / factor
        if mistake == "interleaved":
            return kit.rope(x, pos, base, interleaved=True)
        angles = (pos[:, None] * inv_freq).repeat(1, 2)
        rotated = torch.cat([-x[..., D // 2:], x[..., :D // 2]], -1)
        return (x * angles.cos() + rotated * angles.sin()).to(x.dtype)
    return scaled_rope


HALF_ANGLES = "angles computed in half precision (position × frequency is too coarse)"


def examples(case):
    return [
        case(seeded(1, 2, 3, 5, 8), torch.arange(300, 305), 4.0, label="(B, H, S, D) at positions 300..304, "
             "factor 4 (also in bfloat16, where angles computed in half precision are too coarse)"),
        case(torch.tensor([[1.0, 2.0, 3.0, 4.0]]), torch.tensor([8]), 4.0, label="the prompt's example"),
        case(seeded(2, 2, 4, 64), torch.arange(8190, 8194), 8.0, label="positions 8190..8193, past a 4k training "
             "length, factor 8 (also in float16/bfloat16, where angles computed in half precision are too coarse)"),
        case(seeded(3, 4, 6), torch.tensor([17, 3, 2500, 0]), 2.5, label="positions in any order, factor 2.5"),
        case(seeded(4, 3, 16), torch.tensor([5, 600, 7000]), 1.0, label="factor 1: plain RoPE"),
        case(seeded(5, 2, 3, 4), torch.tensor([9, 10, 11]), 32.0, theta=500000.0, label="D = 4, theta 500000, "
             "factor 32"),
        case(seeded(6, 1, 8), torch.tensor([0]), 16.0, label="position 0 is the identity"),
        case(seeded(12, 2, 6, 4), torch.arange(6), 2.0, label="positions 0..5, factor 2"),
    ]


def extreme(case):
    return [
        case(seeded(7, 3, 32), torch.tensor([30000, 65535, 131071]), 32.0, theta=500000.0,
             label="positions past 65536"),
        case(seeded(8, 1, 512, 128), torch.arange(512), 4.0, label="long sequence, head_dim 128"),
        case(seeded(9, 2, 3, 8, scale=1e3), torch.tensor([1, 5, 9]), 2.0, x_scale=1e3, label="x near ±1e3"),
    ]


def loops(case):
    return Loops(small=case(seeded(10, 2, 3, 4, 8), torch.arange(4), 4.0),
                 large=case(seeded(11, 5, 3, 12, 8), torch.arange(12), 4.0), over="the leading dims and the tokens")


def speed(case):
    return Speed(lambda seed: case(seeded(seed, 256, 32, 8), torch.arange(32), 4.0), limit=30.0)


LINEAR = Entry(
    "linear_scaled_rope",
    inputs=inputs_with(case_maker("linear"), 1),
    examples=examples(case_maker("linear")),
    extreme=extreme(case_maker("linear")),
    invariants=INVARIANTS,
    mistakes=[
        Mistake("positions and frequencies both divided by factor: position interpolation scales the angle once "
                "(p / factor) · freq", like=scaled_like("linear", "both"),
                hint="angle = (p / factor) · theta^(-2i/D). Dividing the frequencies by factor is the same thing "
                     "(Hugging Face does that): pick one, not both."),
        Mistake("positions multiplied by factor instead of divided: interpolation squeezes the long context into "
                "the trained range", like=scaled_like("linear", "multiplied")),
        Mistake("factor ignored: plain RoPE", like=scaled_like("linear", "factor ignored")),
        Mistake(kit.ROPE_INTERLEAVED, like=scaled_like("linear", "interleaved")),
        Mistake(HALF_ANGLES, like=scaled_like("linear", "half angles")),
    ],
    half=True,
    loops=loops(case_maker("linear")),
    speed=speed(case_maker("linear")),
)

NTK = Entry(
    "ntk_scaled_rope",
    inputs=inputs_with(case_maker("ntk"), 2),
    examples=examples(case_maker("ntk")),
    extreme=extreme(case_maker("ntk")),
    invariants=INVARIANTS,
    mistakes=[
        Mistake("base changed with the wrong exponent: base = theta · factor^(D / (D - 2))",
                like=scaled_like("ntk", "exponent 1"),
                hint="The exponent D / (D - 2) makes the lowest frequency, base^(-(D-2)/D), exactly factor times "
                     "slower than theta's: check it for your D."),
        Mistake("base changed with the wrong exponent: base = theta · factor^(D / (D - 2))",
                like=scaled_like("ntk", "exponent inverted")),
        Mistake("base changed with the wrong exponent: base = theta · factor^(D / (D - 2))",
                like=scaled_like("ntk", "exponent 2/D")),
        Mistake("positions divided by factor as well as the base enlarged: NTK-aware scaling changes only the "
                "frequencies (scaling positions and frequencies both)", like=scaled_like("ntk", "both")),
        Mistake("position interpolation instead of NTK: NTK keeps the positions and enlarges the base",
                like=scaled_like("ntk", "interpolation")),
        Mistake(kit.ROPE_INTERLEAVED, like=scaled_like("ntk", "interleaved")),
        Mistake(HALF_ANGLES, like=scaled_like("ntk", "half angles")),
    ],
    half=True,
    loops=loops(case_maker("ntk")),
    speed=speed(case_maker("ntk")),
)

DRILL = Drill(entries=[LINEAR, NTK])
