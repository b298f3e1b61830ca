"""rope: one function, graded in float32, float64, float16 and bfloat16. Particular to it: positions
that are not always 0..S-1 (an offset after a cache, gaps, any order: kit.positions), an absolute
tolerance that grows with the largest position (float32 angles), invariants that need no reference
(norms kept, dot products depend only on distances), and the mistakes of the pairing (interleaved
is the kit's RoPE part with its flag), the frequency, the sign, ignored positions and half-precision
angles."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(oracle="transformers' LLaMA rotary embedding", title="Rotary position embedding", zh="旋转位置编码", topic="positions and blocks",
            difficulty="medium", minutes=12)
HINTS = [
    "Each pair (x[i], x[i + D/2]) is a 2-D point turned by the angle position × theta^(-2i/D): "
    "new = (a cos - b sin, b cos + a sin).",
    "Build the angles as an outer product positions[:, None] * inv_freq[None, :] of shape (S, D/2), "
    "then repeat them for both halves: cat([angles, angles], -1) is (S, D) and broadcasts against (..., S, D).",
    "rotate_half(x) = cat([-x[..., D/2:], x[..., :D/2]], -1); the answer is x * cos + rotate_half(x) * sin.",
    "Keep the angles in float32 (positions.float()), make arange on x.device, and cast the result to x.dtype.",
]


def case(x, positions, theta, x_scale=1.0, label=""):
    return Case(args=(x, positions), kwargs={"theta": theta}, scale=x_scale * kit.position_scale(positions),
                label=label)


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 3), max_size=2))
    S, D = draw(st.integers(1, 6)), 2 * draw(st.integers(1, 8))
    theta = draw(st.sampled_from([10000.0, 10000.0, 100.0, 500000.0]))
    x_scale = draw(st.sampled_from([1.0, 10.0]))
    return case(randn(draw, *lead, S, D, scale=x_scale), kit.positions(draw, S), theta, x_scale)


# ---- invariants (no reference needed) ----------------------------------------------------------

def norm_preserved(call, case):
    x = case.args[0]
    out = call(case)
    a, b = x.norm(dim=-1), out.detach().norm(dim=-1)
    if not torch.allclose(a, b, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"a token's norm changed from {a.flatten()[0].item():.6g} to {b.flatten()[0].item():.6g}: "
                   f"RoPE only rotates pairs of features, so it never changes a vector's length")


def relative_positions(call, case):
    x, positions = case.args
    shifted = Case(args=(x, positions + 7), kwargs=case.kwargs, scale=case.scale)
    a, b = call(case).detach(), call(shifted).detach()
    dots_a, dots_b = a @ a.transpose(-2, -1), b @ b.transpose(-2, -1)      # (..., S, S) token dot products
    tol = 1e-4 * kit.position_scale(positions + 7) * x.shape[-1] * max(1.0, x.abs().max().item()) ** 2
    if (dots_a - dots_b).abs().max() > tol:
        raise Fail(f"moving every token 7 positions further changed the dot products between tokens by "
                   f"{(dots_a - dots_b).abs().max().item():.2g}: with RoPE they depend only on the distance "
                   f"between the tokens")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def rope_like(exponent=2, sign=1, half_angles=False, from_zero=False):
    """apply_rope written as a learner would, with one classic mistake switched on."""
    def apply_rope(x, positions, theta=10000.0):
        D = x.shape[-1]
        dtype = x.dtype if half_angles else torch.float32
        inv_freq = theta ** (-exponent * torch.arange(D // 2, device=x.device, dtype=dtype) / D)
        pos = torch.arange(x.shape[-2], device=x.device) if from_zero else positions
        angles = pos.to(dtype)[:, None] * inv_freq                          # (S, D/2)
        angles = torch.cat([angles, angles], -1)
        rotated = torch.cat([-x[..., D // 2:], x[..., :D // 2]], -1)
        return (x * angles.cos() + sign * rotated * angles.sin()).to(x.dtype)
    return apply_rope


def interleaved(x, positions, theta=10000.0):
    return kit.rope(x, positions, theta, interleaved=True)


DRILL = Drill(entries=[Entry(
    "apply_rope",
    inputs=inputs,
    examples=[
        case(seeded(1, 2, 3, 5, 8), torch.arange(5), 10000.0, label="(B, H, S, D) from position 0"),
        case(torch.tensor([[1.0, 2.0, 3.0, 4.0]]), torch.tensor([1]), 10000.0, label="the prompt's example"),
        case(seeded(9, 2, 4, 64), torch.arange(1000, 1004), 10000.0, label="positions 1000..1003, after a cache "
             "(also in float16/bfloat16, where angles computed in half precision are too coarse)"),
        case(seeded(2, 4, 6), torch.tensor([17, 3, 250, 0]), 10000.0, label="positions in any order"),
        case(seeded(3, 2, 3, 2), torch.tensor([5, 6, 7]), 100.0, label="D = 2, theta = 100"),
        case(seeded(4, 1, 6), torch.tensor([0]), 10000.0, label="position 0 is the identity"),
        case(seeded(10, 3, 5, 16), torch.tensor([2, 9, 10, 40, 41]), 10000.0, label="positions with gaps"),
    ],
    extreme=[
        case(seeded(5, 2, 4, 16), torch.tensor([4093, 4094, 4095, 4096]), 10000.0, label="positions near 4096"),
        case(seeded(6, 3, 32), torch.tensor([30000, 65535, 131071]), 500000.0, label="positions past 65536"),
        case(seeded(7, 1, 512, 128), torch.arange(512), 10000.0, label="long sequence, head_dim 128"),
        case(seeded(11, 2, 3, 8, scale=1e3), torch.tensor([1, 5, 9]), 10000.0, x_scale=1e3, label="x near ±1e3"),
    ],
    invariants=[Invariant("norm preserved", norm_preserved),
                Invariant("depends only on relative position", relative_positions)],
    mistakes=[
        Mistake(kit.ROPE_INTERLEAVED, like=interleaved,
                hint="Rotate-half pairs dim i with dim i + D/2: x1, x2 = x[..., :D/2], x[..., D/2:], and "
                     "rotate_half(x) = cat(-x2, x1). The (2i, 2i+1) pairs are the original paper's layout."),
        Mistake("frequencies theta^(-i/D) instead of theta^(-2i/D)", like=rope_like(exponent=1)),
        Mistake("rotation the wrong way (rotate_half sign on the wrong half)", like=rope_like(sign=-1)),
        Mistake("positions ignored (the tokens assumed to sit at 0..S-1)", like=rope_like(from_zero=True),
                hint="A chunk decoded after a KV cache of n tokens sits at positions n, n+1, ...: build the "
                     "angles from `positions`, not from torch.arange(S)."),
        Mistake("angles computed in half precision (position × frequency is too coarse)",
                like=rope_like(half_angles=True)),
    ],
    half=True,
    loops=Loops(small=case(seeded(12, 2, 3, 4, 8), torch.arange(4), 10000.0),
                large=case(seeded(13, 5, 3, 12, 8), torch.arange(12), 10000.0), over="the leading dims and the tokens"),
    # many short sequences: a loop over the batch (256) or over positions (32) pays Python per step
    speed=Speed(lambda seed: case(seeded(seed, 256, 32, 8), torch.arange(32), 10000.0), limit=30.0),
)])
