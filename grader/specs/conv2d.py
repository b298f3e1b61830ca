"""conv2d: one function, graded on values and on the gradients of x, weight and bias. Particular to
it: non-square kernels on non-square images, strides that do not divide the padded size (floor),
strides larger than the kernel (windows with gaps), padding wider than the kernel (outputs of bias
alone), 1x1 kernels and kernels as large as the image; the mistakes of the flipped kernel, the
output size formula, padding on one side or one axis, columns flattened in another order than the
weight, and a missing bias. The sliding windows the mistakes are built from are the kit's."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="2-D convolution by im2col", zh="二维卷积", topic="vision and sequence", difficulty="medium",
            minutes=20, oracle="F.conv2d")
HINTS = [
    "Output size per axis: (H + 2·padding - kh) // stride + 1. Window (i, j) starts at row i·stride and "
    "column j·stride of the padded image.",
    "F.unfold(x, (kh, kw), padding=padding, stride=stride) gives the columns (N, C·kh·kw, H_out·W_out), "
    "each ordered (C, kh, kw) like weight.view(O, -1).",
    "Cross-correlation: multiply the columns by the weight as it is (no flip): "
    "out = weight.view(O, -1) @ cols gives (N, O, H_out·W_out).",
    "Add bias[:, None] when bias is not None, then out.view(N, O, H_out, W_out).",
]


def case(x, weight, bias="left out", stride=None, padding=None, label="", x_scale=1.0) -> Case:
    """Stride and padding left out when None (their defaults)."""
    args = (x, weight) if isinstance(bias, str) else (x, weight, bias)
    kwargs = {k: v for k, v in (("stride", stride), ("padding", padding)) if v is not None}
    terms = weight[0].numel()                   # products summed in each output
    return Case(args=args, kwargs=kwargs, label=label, scale=x_scale * max(1.0, terms ** 0.5 / 4))


def inputs(draw) -> Case:
    kh, kw = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    H, W, stride, padding = kit.window_geometry(draw, kh, kw, max_padding=3)
    N, C, O = draw(st.integers(1, 3)), draw(st.integers(1, 4)), draw(st.integers(1, 4))
    scale = draw(st.sampled_from([1.0, 10.0, 1e3]))
    x, weight = randn(draw, N, C, H, W, scale=scale), randn(draw, O, C, kh, kw)
    bias = draw(st.sampled_from(["tensor", "None", "left out"]))
    bias = randn(draw, O, scale=scale) if bias == "tensor" else None if bias == "None" else bias
    keep = draw(st.sampled_from(["both", "stride", "padding", "neither"]))   # defaults left out too
    return case(x, weight, bias, stride if keep in ("both", "stride") or stride != 1 else None,
                padding if keep in ("both", "padding") or padding != 0 else None, x_scale=scale)


# ---- classic mistakes, written as a learner would ------------------------------------------------

def conv_like(flip=False, pad="both", size="", order="C kh kw", add_bias=True):
    """conv2d by windows and one matrix product, with at most one classic mistake switched on."""
    def conv2d(x, weight, bias=None, stride=1, padding=0):
        O, C, kh, kw = weight.shape
        if flip:
            weight = weight.flip(-2, -1)
        w = kit.windows(x, kh, kw, stride, padding, pad=pad, size=size)   # (N, C, H_out, W_out, kh, kw)
        N, _, H_out, W_out = w.shape[:4]
        dims = (0, 2, 3, 4, 5, 1) if order == "kh kw C" else (0, 2, 3, 1, 4, 5)
        cols = w.permute(*dims).reshape(N, H_out * W_out, C * kh * kw)
        out = cols @ weight.reshape(O, -1).T                               # (N, H_out*W_out, O)
        if bias is not None and add_bias:
            out = out + bias
        return out.transpose(1, 2).reshape(N, O, H_out, W_out)
    return conv2d


FLIPPED = ("kernel flipped (a true convolution): conv2d is cross-correlation, out[i, j] = Σ weight[a, b] · "
           "x[i·stride + a, j·stride + b], weight as it is")
ORDER = ("columns flattened in another order than the weight: weight.view(O, -1) runs over (C, kh, kw), so each "
         "window must too (F.unfold's order)")

DRILL = Drill(entries=[Entry(
    "conv2d",
    inputs=inputs,
    examples=[
        case(torch.arange(1.0, 10.0).view(1, 1, 3, 3), torch.tensor([[[[1.0, 0.0], [0.0, -1.0]]]]),
             torch.tensor([0.5]), label="the prompt's example"),
        case(torch.arange(1.0, 10.0).view(1, 1, 3, 3), torch.tensor([[[[1.0, 0.0], [0.0, -1.0]]]]),
             torch.tensor([0.5]), stride=2, padding=1, label="the prompt's second example"),
        case(seeded(1, 2, 3, 5, 7), seeded(2, 4, 3, 3, 2), seeded(3, 4), padding=1,
             label="a 3x2 kernel on a 5x7 image, padding 1"),
        case(seeded(4, 1, 2, 6, 7), seeded(5, 3, 2, 3, 3), None, stride=2,
             label="stride 2 that does not divide H - kh or W - kw (floor), bias=None"),
        case(seeded(6, 2, 2, 7, 8), seeded(7, 2, 2, 2, 2), seeded(8, 2), stride=3, padding=1,
             label="stride 3 > kernel 2: windows with gaps, padding 1"),
        case(seeded(9, 2, 3, 4, 5), seeded(10, 2, 3, 4, 5), seeded(11, 2), label="kernel as large as the image"),
        case(seeded(12, 2, 4, 3, 3), seeded(13, 2, 4, 1, 1), label="1x1 kernel: channel mixing, bias left out"),
        case(seeded(14, 1, 2, 4, 5), seeded(15, 3, 2, 3, 3), seeded(16, 3), stride=2, padding=2,
             label="padding 2 with a 3x3 kernel, stride 2"),
        case(seeded(17, 2, 1, 1, 6), seeded(18, 2, 1, 1, 3), seeded(19, 2), padding=0, stride=1,
             label="an image of one row"),
        case(seeded(20, 1, 3, 3, 2), seeded(21, 2, 3, 1, 1), seeded(22, 2), padding=2,
             label="padding wider than the kernel: the border outputs are the bias alone"),
        case(seeded(23, 1, 1, 2, 2), seeded(24, 1, 1, 3, 4), seeded(25, 1), padding=1,
             label="a kernel larger than the image, padding 1"),
    ],
    extreme=[
        case(seeded(26, 2, 3, 6, 6, scale=1e3), seeded(27, 4, 3, 3, 3), seeded(28, 4, scale=1e3), padding=1,
             x_scale=1e3, label="inputs near ±1000"),
        case(seeded(29, 2, 64, 5, 5), seeded(30, 8, 64, 3, 3), seeded(31, 8), padding=1,
             label="64 channels: 576 products per output"),
        case(seeded(32, 1, 2, 40, 50), seeded(33, 3, 2, 5, 4), seeded(34, 3), stride=2, padding=2,
             label="a 40x50 image"),
    ],
    invariants=[kit.batch_independence()],
    mistakes=[
        Mistake(FLIPPED, like=conv_like(flip=True),
                hint="Deep learning 'convolution' is cross-correlation: slide the kernel as it is, no "
                     "weight.flip(-2, -1)."),
        Mistake(kit.OUTPUT_SIZE, like=conv_like(size="no +1")),
        Mistake(kit.OUTPUT_SIZE, like=conv_like(size="padding left out"),
                error=r"shape '\[[-\d, ]*\]' is invalid for input of size|tuple of ints.*float|"
                      r"must be (int|tuple of ints), not float|'float' object cannot be interpreted as an integer",
                hint="Count the windows along each axis: (H + 2·padding - kh) // stride + 1 — padding on both "
                     "sides, floor division, and + 1 for the first window."),
        Mistake(kit.PAD_ONE_SIDE, like=conv_like(pad="top left")),
        Mistake(kit.PAD_ONE_SIDE, like=conv_like(pad="bottom right")),
        Mistake(kit.PAD_WIDTH_ONLY, like=conv_like(pad="width only")),
        Mistake(ORDER, like=conv_like(order="kh kw C")),
        Mistake("bias not added", like=conv_like(add_bias=False)),
        Mistake("bias=None not handled (adding None)", error=r"NoneType"),
    ],
    loops=Loops(small=case(seeded(35, 2, 3, 5, 5), seeded(36, 4, 3, 3, 3), seeded(37, 4), padding=1),
                large=case(seeded(38, 5, 3, 9, 9), seeded(36, 4, 3, 3, 3), seeded(37, 4), padding=1),
                over="the batch and the output positions"),
    speed=Speed(lambda seed: case(seeded(seed, 8, 16, 32, 32), seeded(seed + 1, 32, 16, 3, 3), seeded(seed + 2, 32),
                                  padding=1), limit=30.0),
)], banned=["torch.nn.functional.conv2d", "torch.conv2d", "torch.nn.Conv2d", "torch.convolution",
            "torch._convolution", "torch.nn.functional.conv1d", "torch.conv1d", "torch.nn.functional.conv3d",
            "torch.conv3d", "torch.nn.functional.conv_transpose2d", "torch.conv_transpose2d",
            "torch.nn.functional.conv_tbc", "torch.mkldnn_convolution", "torch.cudnn_convolution",
            "torch.ops.aten.convolution", "torch.ops.aten._convolution", "torch.ops.aten.conv2d",
            "torch.ops.aten._slow_conv2d_forward", "torch.ops.aten.thnn_conv2d"])
