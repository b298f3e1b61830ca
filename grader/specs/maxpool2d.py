"""maxpool2d: one function, graded on values and on the gradient of x (it reaches each window's
maximum; inputs have no ties, where the choice of the maximum is free). Particular to it: inputs
centred below zero, so that border windows of negative values tell -inf padding from zeros;
stride left out (it defaults to kernel_size); padding up to kernel_size // 2, strides that do not
divide, gaps between windows, a kernel as large as the image. Mistakes: zero padding, the default
stride, the output size, padding on one side or one axis (the kit's sliding windows), the mean."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="2-D max pooling", zh="最大池化", topic="vision and sequence", difficulty="easy", minutes=10,
            oracle="F.max_pool2d")
HINTS = [
    "stride = kernel_size when stride is None. Output size per axis: (H + 2·padding - k) // stride + 1.",
    "Pad with -inf, not zeros: F.pad(x, (p, p, p, p), value=float('-inf')) — the tuple is (left, right, top, "
    "bottom), so all four are needed.",
    "x.unfold(2, k, stride).unfold(3, k, stride) gives the windows (N, C, H_out, W_out, k, k); "
    "take .amax(dim=(-2, -1)).",
]


def case(x, k, stride="left out", padding=None, label="", scale=1.0) -> Case:
    kwargs = {} if stride == "left out" else {"stride": stride}
    if padding is not None:
        kwargs["padding"] = padding
    return Case(args=(x, k), kwargs=kwargs, label=label, scale=scale)


def inputs(draw) -> Case:
    k = draw(st.integers(1, 4))
    H, W, stride, padding = kit.window_geometry(draw, k, k, max_padding=k // 2, max_stride=4)
    N, C = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    scale = draw(st.sampled_from([1.0, 10.0, 1e3]))
    offset = draw(st.sampled_from([0.0, -3.0, -50.0])) * scale      # windows of negative values
    x = randn(draw, N, C, H, W, scale=scale) + offset
    stride = draw(st.sampled_from(["left out", None, stride]))
    return case(x, k, stride, padding if padding or draw(st.booleans()) else None, scale=scale)


# ---- classic mistakes, written as a learner would ------------------------------------------------

def pool_like(fill=float("-inf"), stride_default="kernel", pad="both", size="", reduce="max"):
    """max_pool2d by windows, with at most one classic mistake switched on."""
    def max_pool2d(x, kernel_size, stride=None, padding=0):
        if stride is None:
            stride = kernel_size if stride_default == "kernel" else 1
        w = kit.windows(x, kernel_size, kernel_size, stride, padding, fill=fill, pad=pad, size=size)
        return w.amax(dim=(-2, -1)) if reduce == "max" else w.mean(dim=(-2, -1))
    return max_pool2d


ZERO_PADDING = ("padded with zeros instead of -inf: a border window of negative values must return its "
                "largest value, not 0 (F.pad and F.unfold pad with zeros unless told)")
STRIDE_DEFAULT = "stride=None taken as 1: PyTorch's default stride is kernel_size (windows side by side)"

DRILL = Drill(entries=[Entry(
    "max_pool2d",
    inputs=inputs,
    examples=[
        case(torch.tensor([[[[1.0, -2.0, 3.0, 0.0], [-4.0, 5.0, -6.0, 2.0], [7.0, -8.0, -9.0, -1.0]]]]), 2,
             label="the prompt's example"),
        case(torch.tensor([[[[1.0, -2.0, 3.0, 0.0], [-4.0, 5.0, -6.0, 2.0], [7.0, -8.0, -9.0, -1.0]]]]), 2,
             stride=1, label="the prompt's example, stride 1"),
        case(torch.tensor([[[[-1.0, -2.0], [-3.0, -4.0]]]]), 2, stride=1, padding=1,
             label="the prompt's negative example: padding 1"),
        case(seeded(1, 2, 3, 5, 7) - 3.0, 3, stride=2, padding=1,
             label="k = 3, stride 2, padding 1, values below zero"),
        case(seeded(2, 1, 2, 7, 8), 3, label="stride left out (= 3), 7x8: floor division"),
        case(seeded(3, 2, 2, 5, 6), 2, stride=None, label="stride=None (= 2)"),
        case(seeded(4, 1, 3, 4, 5), 1, stride=2, label="k = 1: a strided subsample"),
        case(seeded(5, 2, 1, 4, 4), 4, label="kernel as large as the image: the global max"),
        case(seeded(6, 1, 2, 7, 8), 2, stride=3, label="stride 3 > kernel 2: windows with gaps"),
        case(seeded(7, 1, 2, 3, 5) - 2.0, 4, stride=1, padding=2, label="k = 4, padding 2 = k // 2"),
        case(seeded(8, 2, 2, 1, 6) - 2.0, 2, padding=1, label="an image of one row, padding 1"),
    ],
    extreme=[
        case(seeded(9, 2, 3, 6, 6, scale=1e4) - 1e5, 3, stride=1, padding=1, scale=1e5,
             label="values near -1e5: the padding must lose"),
        case(seeded(10, 2, 64, 32, 32), 2, label="64 channels of 32x32"),
        case(seeded(11, 1, 1, 50, 40), 5, stride=2, padding=2, label="a 50x40 image, k = 5"),
    ],
    invariants=[kit.batch_independence(), kit.batch_independence(arg_at=0, batch_dim=1, out_dim=1,
                                                                 name="channels pooled independently")],
    mistakes=[
        Mistake(ZERO_PADDING, like=pool_like(fill=0.0),
                hint="F.pad(x, (p, p, p, p), value=float('-inf')): a padded position must never be the maximum."),
        Mistake(STRIDE_DEFAULT, like=pool_like(stride_default="one"),
                hint="if stride is None: stride = kernel_size."),
        Mistake(kit.OUTPUT_SIZE.replace("kh", "kernel_size"), like=pool_like(size="no +1")),
        Mistake(kit.OUTPUT_SIZE.replace("kh", "kernel_size"), like=pool_like(size="padding left out"),
                error=r"shape '\[[-\d, ]*\]' is invalid for input of size|tuple of ints.*float|"
                      r"must be (int|tuple of ints), not float|'float' object cannot be interpreted as an integer"),
        Mistake(kit.PAD_ONE_SIDE, like=pool_like(pad="top left")),
        Mistake(kit.PAD_ONE_SIDE, like=pool_like(pad="bottom right")),
        Mistake(kit.PAD_WIDTH_ONLY, like=pool_like(pad="width only")),
        Mistake("the mean of each window (average pooling) instead of its maximum", like=pool_like(reduce="mean")),
    ],
    loops=Loops(small=case(seeded(12, 2, 2, 6, 6), 3, stride=2, padding=1),
                large=case(seeded(13, 5, 4, 10, 10), 3, stride=2, padding=1),
                over="the batch, the channels and the output positions"),
    speed=Speed(lambda seed: case(seeded(seed, 16, 32, 32, 32), 3, stride=2, padding=1), limit=30.0),
)], banned=["torch.nn.functional.max_pool2d", "torch.max_pool2d", "torch.nn.functional.max_pool2d_with_indices",
            "torch._C._nn.max_pool2d_with_indices", "torch.nn.MaxPool2d", "torch.nn.functional.max_pool1d",
            "torch.max_pool1d", "torch.nn.functional.max_pool3d", "torch.max_pool3d",
            "torch.nn.functional.adaptive_max_pool2d", "torch.nn.functional.fractional_max_pool2d",
            "torch.nn.functional.lp_pool2d", "torch.nn.AdaptiveMaxPool2d", "torch.mkldnn_max_pool2d",
            "torch.quantized_max_pool2d", "torch.ops.aten.max_pool2d", "torch.ops.aten.max_pool2d_with_indices"])
