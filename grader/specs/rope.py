from hypothesis import strategies as st

import torch
from grader.spec import Case, Drill, Fail, Invariant, Mistake, randn, seeded

META = dict(title="Rotary position embedding", zh="旋转位置编码", topic="positions and blocks",
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
    """float32 angles are off by ~1e-7 × position radians: the tolerance grows with the largest position."""
    top = float(positions.abs().max()) if positions.numel() else 0.0
    return Case(args=(x, positions), kwargs={"theta": theta}, scale=x_scale * max(1.0, top / 16),
                label=label)


def inputs(draw) -> Case:
    lead = draw(st.lists(st.integers(1, 3), max_size=2))
    S, D = draw(st.integers(1, 6)), 2 * draw(st.integers(1, 8))
    g = torch.Generator().manual_seed(draw(st.integers(0, 2**31 - 1)))
    kind = draw(st.sampled_from(["from 0", "offset", "any"]))
    if kind == "from 0":
        positions = torch.arange(S)
    elif kind == "offset":       # a chunk decoded after a cache of `start` tokens
        positions = torch.arange(S) + draw(st.integers(1, 1000))
    else:
        positions = torch.randint(0, 2048, (S,), generator=g)
    theta = draw(st.sampled_from([10000.0, 10000.0, 100.0, 500000.0]))
    x_scale = draw(st.sampled_from([1.0, 10.0]))
    return case(randn(draw, *lead, S, D, scale=x_scale), positions, theta, x_scale)


def norm_preserved(call, case):
    x = case.args[0]
    out = call(case)
    a, b = x.norm(dim=-1), out.norm(dim=-1)
    if not torch.allclose(a, b, rtol=1e-4, atol=1e-5 * case.scale):
        raise Fail(f"a token's norm changed from {a.flatten()[0].item():.6g} to {b.flatten()[0].item():.6g}: "
                   f"RoPE only rotates pairs of features, so it never changes a vector's length")


def relative_positions(call, case):
    x, positions = case.args
    shifted = Case(args=(x, positions + 7), kwargs=case.kwargs, scale=case.scale)
    a, b = call(case), call(shifted)
    dots_a, dots_b = a @ a.transpose(-2, -1), b @ b.transpose(-2, -1)      # (..., S, S) token dot products
    tol = 1e-4 * case.scale * x.shape[-1] * x.abs().max().item() ** 2
    if (dots_a - dots_b).abs().max() > tol:
        raise Fail(f"moving every token 7 positions further changed the dot products between tokens by "
                   f"{(dots_a - dots_b).abs().max().item():.2g}: with RoPE they depend only on the distance "
                   f"between the tokens")


def rope_like(x, positions, theta=10000.0, *, pairs="half", exponent=2, sign=1, dtype=torch.float32,
              from_zero=False):
    """RoPE with one of the classic mistakes switched on."""
    D = x.shape[-1]
    inv_freq = theta ** (-exponent * torch.arange(D // 2, dtype=dtype) / D)
    pos = torch.arange(x.shape[-2]) if from_zero else positions
    angles = (pos.to(dtype)[:, None] * inv_freq).float()                    # (S, D/2)
    if pairs == "half":
        cos, sin = torch.cat([angles.cos()] * 2, -1), torch.cat([angles.sin()] * 2, -1)
        rotated = torch.cat([-x[..., D // 2:], x[..., :D // 2]], -1)
    else:
        cos, sin = angles.cos().repeat_interleave(2, -1), angles.sin().repeat_interleave(2, -1)
        rotated = torch.stack([-x[..., 1::2], x[..., 0::2]], -1).flatten(-2)
    return (x * cos + sign * rotated * sin).to(x.dtype)


DRILL = Drill(
    entry="apply_rope",
    inputs=inputs,
    examples=[
        case(seeded(1, 2, 3, 5, 8), torch.arange(5), 10000.0, label="(B, H, S, D) from position 0"),
        case(torch.tensor([[1.0, 2.0, 3.0, 4.0]]), torch.tensor([1]), 10000.0, label="the prompt's example"),
        case(seeded(2, 4, 6), torch.tensor([17, 3, 250, 0]), 10000.0, label="positions in any order"),
        case(seeded(3, 2, 3, 2), torch.tensor([5, 6, 7]), 100.0, label="D = 2, theta = 100"),
        case(seeded(4, 1, 6), torch.tensor([0]), 10000.0, label="position 0 is the identity"),
        case(seeded(9, 2, 4, 64), torch.arange(1000, 1004), 10000.0, label="positions near 1000"),
    ],
    extreme=[
        case(seeded(5, 2, 4, 16), torch.tensor([4093, 4094, 4095, 4096]), 10000.0, label="positions near 4096"),
        case(seeded(6, 3, 32), torch.tensor([30000, 65535, 131071]), 500000.0, label="positions past 65536"),
        case(seeded(7, 1, 512, 128), torch.arange(512), 10000.0, label="long sequence, head_dim 128"),
    ],
    invariants=[Invariant("norm preserved", norm_preserved),
                Invariant("depends only on relative position", relative_positions)],
    mistakes=[
        Mistake("interleaved pairing (2i, 2i+1) where rotate-half (i, i + D/2) is asked",
                like=lambda x, positions, theta=10000.0: rope_like(x, positions, theta, pairs="interleaved")),
        Mistake("frequencies theta^(-i/D) instead of theta^(-2i/D)",
                like=lambda x, positions, theta=10000.0: rope_like(x, positions, theta, exponent=1)),
        Mistake("rotation the wrong way (rotate_half sign on the wrong half)",
                like=lambda x, positions, theta=10000.0: rope_like(x, positions, theta, sign=-1)),
        Mistake("positions ignored (the tokens assumed to sit at 0..S-1)",
                like=lambda x, positions, theta=10000.0: rope_like(x, positions, theta, from_zero=True)),
        Mistake("angles computed in half precision (position × frequency is too coarse)",
                like=lambda x, positions, theta=10000.0: rope_like(x, positions, theta, dtype=x.dtype)),
    ],
    half=True,
    # many short sequences: a loop over the batch (256) or over positions (32) pays Python per step
    speed=lambda: case(seeded(8, 256, 32, 8), torch.arange(32), 10000.0),
    speed_limit=5.0,
)
