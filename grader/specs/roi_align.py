"""roi_align: one function, torchvision's RoIAlign with aligned=True and a fixed sampling_ratio,
graded on values and on the gradient of the feature maps (the boxes' gradient is not graded:
torchvision has none). Particular to it: boxes that reach past every border (samples within one
pixel outside take the edge's value, samples farther out count as 0), boxes inside one pixel,
degenerate boxes of zero width, maps of one row or column, spatial scales below 1, several images
(each box reads its own), no boxes at all; drawn boxes have continuous corners, so no sample lies
exactly on the discontinuity at -1 or H. An invariant that needs no reference: the whole map
pooled at its own resolution with one sample per bin is the map itself. Mistakes: the pixel-centre
offset missing or applied before the scale, corners rounded (RoIPool), samples at bin corners or
one per bin, max pooling, the border rules (zero inside the one-pixel band, no zero outside it,
weights extrapolated past the last pixel), swapped bilinear weights, x and y swapped, the batch
index ignored."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="RoIAlign", zh="感兴趣区域对齐", topic="vision and sequence", difficulty="hard", minutes=30,
            oracle="torchvision.ops.roi_align(aligned=True) semantics, brute force in float64")
HINTS = [
    "Map coordinates first: start = x1 · spatial_scale - 0.5 (aligned=True), end likewise; bin = (end - start) / pw. "
    "Sample i of bin q sits at start + (q·s + i + 0.5) · (end - start) / (pw·s): make all pw·s of them at once, "
    "shape (K, pw·s).",
    "Bilinear per axis: zero where y < -1 or y > H; else y = y.clamp(0, H - 1), y0 = y.floor().long(), "
    "y1 = (y0 + 1).clamp(max=H - 1), ly = y - y0. The 2-D value is a product of the two axes' weights.",
    "Gather input[b][:, y0, x0] etc. with advanced indexing (K, C, ph·s, pw·s), combine the four corners with "
    "their weights, then view as (K, C, ph, s, pw, s) and mean over the two s axes.",
    "Or as matrices: per axis build (K, ph·s, H) interpolation weights (one_hot(y0)·(1 - ly) + one_hot(y1)·ly, "
    "times the validity), average each bin's s rows, and einsum('kph,kchw,kqw->kcpq', wy, input[b], wx).",
]


def case(x, rois, output_size, spatial_scale=None, sampling_ratio=None, label="", scale=1.0) -> Case:
    kwargs = {k: v for k, v in (("spatial_scale", spatial_scale), ("sampling_ratio", sampling_ratio))
              if v is not None}
    return Case(args=(x, rois, output_size), kwargs=kwargs, label=label, scale=scale)


def random_rois(g, K, N, H, W, scale=1.0, outside=2.0):
    """K boxes in image coordinates on an (H, W) map at spatial_scale `scale`, reaching `outside`
    pixels past the borders; a few of zero width or height."""
    b = torch.randint(0, N, (K, 1), generator=g).float()
    lo = torch.rand(K, 2, generator=g) * (torch.tensor([W, H]) + 2 * outside) - outside
    size = torch.rand(K, 2, generator=g) * (torch.tensor([W, H]) + outside)
    size = size * (torch.rand(K, 2, generator=g) > 0.1)                           # some degenerate boxes
    return torch.cat([b, lo / scale, (lo + size) / scale], 1)


def inputs(draw) -> Case:
    g = kit.generator(draw)
    N, C = draw(st.integers(1, 2)), draw(st.integers(1, 3))
    H, W = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    K = draw(st.integers(0, 4))
    spatial = draw(st.sampled_from([None, 1.0, 0.5, 0.25]))
    size = draw(st.sampled_from([1.0, 10.0]))
    x = size * torch.randn(N, C, H, W, generator=g)
    rois = random_rois(g, K, N, H, W, spatial or 1.0)
    out = (draw(st.integers(1, 3)), draw(st.integers(1, 3)))
    return case(x, rois, out, spatial, draw(st.sampled_from([None, 1, 2, 3])), scale=size)


def whole_map_is_the_map(call, case):
    """Boxes over the whole map, pooled at its resolution with one sample per bin, sample the pixel centres."""
    x = seeded(1, 2, 3, 4, 5)
    rois = torch.tensor([[1.0, 0.0, 0.0, 10.0, 8.0], [0.0, 0.0, 0.0, 10.0, 8.0]])
    got = call(Case(args=(x, rois, (4, 5)), kwargs={"spatial_scale": 0.5, "sampling_ratio": 1}))
    want = x.flip(0)
    if not isinstance(got, torch.Tensor) or got.shape != want.shape:
        raise Fail(f"expected a {tuple(want.shape)} tensor for two boxes over (2, 3, 4, 5) maps")
    if not torch.allclose(got, want, atol=1e-5):
        raise Fail("a box over the whole 4x5 map (image 10x8 at spatial_scale 0.5), pooled to (4, 5) with "
                   "sampling_ratio=1, must give the map itself: its sample (p, q) lands on pixel centre (p, q) "
                   f"once the 0.5 offset is subtracted; max |diff| {(got - want).abs().max().item():.3g}")


# ---- classic mistakes, written as a learner would ------------------------------------------------

def roi_like(offset=0.5, offset_first=False, rounded=False, at="centre", one_sample=False, pool="mean",
             border="ok", swap_weights=False, yx=False, batch0=False):
    """roi_align by gathering the four corners of every sample, with at most one classic mistake."""
    def axis(c, size):
        if border == "zero outside the map":
            inside = (c >= 0) & (c <= size - 1)
        else:
            inside = (c >= -1) & (c <= size) if border != "no zero" else torch.ones_like(c, dtype=torch.bool)
        if border == "extrapolate":                      # low corner kept below size - 1, weights unclamped
            c = c.clamp(min=0)
            lo = c.floor().clamp(0, max(size - 2, 0)).long()
        else:
            c = c.clamp(0, size - 1)
            lo = c.floor().long()
        hi = (lo + 1).clamp(max=size - 1)
        frac = c - lo
        return lo, hi, frac, inside

    def roi_align(input, rois, output_size, spatial_scale=1.0, sampling_ratio=2):
        N, C, H, W = input.shape
        ph, pw = output_size
        s = 1 if one_sample else sampling_ratio
        r = rois.detach()
        box = r[:, [2, 1, 4, 3]] if yx else r[:, 1:]
        if rounded:
            box = (box * spatial_scale).round() - offset
        elif offset_first:
            box = (box - offset) * spatial_scale
        else:
            box = box * spatial_scale - offset
        x1, y1, x2, y2 = box.unbind(1)
        shift = 0.0 if at == "start" else 0.5
        fy = (torch.arange(ph * s, dtype=r.dtype, device=r.device) + shift) / (ph * s)
        fx = (torch.arange(pw * s, dtype=r.dtype, device=r.device) + shift) / (pw * s)
        y0, y1_, ly, vy = axis(y1[:, None] + fy * (y2 - y1)[:, None], H)       # (K, ph·s)
        x0, x1_, lx, vx = axis(x1[:, None] + fx * (x2 - x1)[:, None], W)       # (K, pw·s)
        if swap_weights:
            ly, lx = 1 - ly, 1 - lx
        b = torch.zeros_like(r[:, 0]).long() if batch0 else r[:, 0].long()
        feats = input[b]                                                       # (K, C, H, W)
        k = torch.arange(len(r), device=r.device)[:, None, None]

        def at_(yi, xi):                                                       # (K, A, B, C)
            return feats[k, :, yi[:, :, None], xi[:, None, :]]
        wy0, wy1 = (1 - ly)[:, :, None, None], ly[:, :, None, None]
        wx0, wx1 = (1 - lx)[:, None, :, None], lx[:, None, :, None]
        val = wy0 * wx0 * at_(y0, x0) + wy0 * wx1 * at_(y0, x1_) + wy1 * wx0 * at_(y1_, x0) + wy1 * wx1 * at_(y1_, x1_)
        val = val * (vy[:, :, None] & vx[:, None, :])[..., None]
        val = val.permute(0, 3, 1, 2).reshape(len(r), C, ph, s, pw, s)
        return val.amax((3, 5)) if pool == "max" else val.mean((3, 5))
    return roi_align


def grid(seed, N, C, H, W, rois, out, spatial=None, s=None, label="", size=1.0):
    return case(seeded(seed, N, C, H, W, scale=size), torch.tensor(rois), out, spatial, s, label, scale=size)


RAMP = torch.arange(12.0).view(1, 1, 3, 4)

DRILL = Drill(entries=[Entry(
    "roi_align",
    inputs=inputs,
    examples=[
        case(RAMP, torch.tensor([[0.0, 1.0, 0.5, 3.0, 2.5]]), (2, 2), label="the prompt's first example", scale=10.0),
        case(RAMP, torch.tensor([[0.0, 2.0, 1.0, 5.0, 3.5]]), (1, 2), sampling_ratio=1,
             label="the prompt's second example: a sample past the last column", scale=10.0),
        case(RAMP, torch.tensor([[0.0, -2.0, -2.0, 2.0, 2.0]]), (1, 1),
             label="the prompt's third example: samples more than a pixel outside", scale=10.0),
        grid(1, 1, 2, 5, 6, [[0.0, 0.7, 1.3, 4.6, 3.9], [0.0, 2.2, 0.4, 5.1, 4.7]], (3, 2), s=3,
             label="two boxes inside a 5x6 map, sampling_ratio 3"),
        grid(2, 2, 2, 4, 4, [[1.0, -1.3, -0.6, 2.5, 1.8], [0.0, 1.7, 2.4, 5.2, 5.9], [1.0, 3.1, 0.2, 4.9, 3.3]],
             (2, 2), label="boxes across every border, on two images"),
        grid(3, 1, 3, 8, 8, [[0.0, 3.0, 5.0, 27.0, 19.0], [0.0, -6.0, 10.0, 14.0, 34.0]], (2, 3), spatial=0.25,
             label="spatial_scale 1/4: corners in image pixels"),
        grid(4, 1, 1, 3, 5, [[0.0, 1.6, 1.2, 1.6, 2.8], [0.0, 2.3, 0.9, 2.7, 0.9]], (2, 2), s=1,
             label="boxes of zero width or height"),
        grid(5, 1, 2, 1, 5, [[0.0, 0.3, -0.4, 3.8, 1.7]], (2, 3), label="a map of one row"),
        grid(6, 1, 2, 4, 1, [[0.0, -0.8, 0.2, 1.6, 3.3]], (3, 1), label="a map of one column"),
        grid(7, 2, 2, 4, 5, [[1.0, 1.1, 1.2, 1.4, 1.45]], (2, 2), label="a box inside one pixel, image 1"),
        case(seeded(8, 2, 3, 4, 4), torch.zeros(0, 5), (2, 2), label="no boxes"),
    ],
    extreme=[
        grid(9, 2, 4, 6, 6, [[0.0, 0.5, 0.5, 5.0, 4.0], [1.0, -1.0, 2.0, 7.5, 6.5]], (3, 3), size=1e3,
             label="features near ±1000"),
        case(seeded(10, 2, 8, 24, 32), random_rois(torch.Generator().manual_seed(11), 40, 2, 24, 32, 0.125),
             (7, 7), spatial_scale=0.125, sampling_ratio=2, label="40 boxes, 7x7 bins, stride 8"),
    ],
    invariants=[Invariant("the whole map at its resolution is the map", whole_map_is_the_map, drawn=False)],
    mistakes=[
        Mistake("pixel-centre offset missing (aligned=False's coordinates): aligned=True subtracts 0.5 after "
                "scaling, since pixel i's value sits at i + 0.5", like=roi_like(offset=0.0),
                hint="x_start = x1 * spatial_scale - 0.5: the 0.5 is in map pixels, after the scale."),
        Mistake("the 0.5 offset subtracted before scaling: x1 · spatial_scale − 0.5, the offset in map pixels",
                like=roi_like(offset_first=True)),
        Mistake("box corners rounded to whole pixels (RoIPool's quantisation): RoIAlign keeps them continuous",
                like=roi_like(rounded=True)),
        Mistake("samples at the bins' corners: sample iy sits at (iy + 0.5) · bin / s, the centres of an s x s grid",
                like=roi_like(at="start")),
        Mistake("one sample per bin: each bin averages sampling_ratio x sampling_ratio samples",
                like=roi_like(one_sample=True)),
        Mistake("max of the samples (RoIPool's max): RoIAlign averages them", like=roi_like(pool="max")),
        Mistake("samples outside [0, H − 1] set to 0: within one pixel of the map (−1 <= y <= H) they take the "
                "clamped edge value; only farther ones are 0", like=roi_like(border="zero outside the map")),
        Mistake("samples more than one pixel outside clamped to the edge: beyond y < −1 or y > H they are 0 "
                "(and still count in the mean)", like=roi_like(border="no zero")),
        Mistake("bilinear weights off by one at the far border: past the last pixel centre (y > H − 1), clamp y "
                "to H − 1 so that the value is the edge pixel's, not extrapolated",
                like=roi_like(border="extrapolate")),
        Mistake("bilinear weights swapped: the pixel after floor(y) weighs ly = y − floor(y), the one at floor(y) "
                "1 − ly", like=roi_like(swap_weights=True)),
        Mistake("x and y swapped: a box is [batch_index, x1, y1, x2, y2], x along W", like=roi_like(yx=True)),
        Mistake("the batch index ignored: box k is pooled from image rois[k, 0]", like=roi_like(batch0=True)),
        kit.IN_PLACE,
    ],
    loops=Loops(small=case(seeded(12, 2, 2, 6, 6), random_rois(torch.Generator().manual_seed(13), 2, 2, 6, 6), (2, 2)),
                large=case(seeded(12, 2, 2, 6, 6), random_rois(torch.Generator().manual_seed(14), 6, 2, 6, 6), (2, 2)),
                over="the boxes"),
    speed=Speed(lambda seed: case(seeded(seed, 2, 64, 32, 32),
                                  random_rois(torch.Generator().manual_seed(seed + 1), 64, 2, 32, 32, 0.0625), (7, 7),
                                  spatial_scale=0.0625), limit=30.0),
)], banned=["torchvision", "import torchvision", "torch.ops.torchvision"])
