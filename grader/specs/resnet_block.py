"""resnet_block: two modules, BasicBlock and Bottleneck, built as torchvision builds them (v1.5)
and graded through forward in eval() mode with the grader's weights and perturbed BatchNorm
statistics loaded (strict), with the gradients of x and of every parameter. Particular to it: the
identity shortcut and the projection (stride 2 or 3, a change of width, or both), images of one
pixel, odd sizes where the strided output is (H - 1) // stride + 1, the Bottleneck's expansion 4;
graded inputs stay a few pixels wide (convolutions are slow on CPU). Mistakes: the ReLU before the
addition or missing after it, no ReLU inside the block, a shortcut without its BatchNorm, the
stride on the wrong conv (the second 3x3 in a BasicBlock, the first 1x1 in a Bottleneck)."""
from hypothesis import strategies as st

import torch.nn.functional as F
from torch import nn
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Mistake, Speed

META = dict(title="ResNet BasicBlock and Bottleneck", zh="残差块", topic="vision and sequence", difficulty="medium",
            minutes=20, oracle="composed F.conv2d / F.batch_norm; torchvision's blocks where installed")
HINTS = [
    "BasicBlock: conv1 = nn.Conv2d(in, out, 3, stride, 1, bias=False), conv2 = nn.Conv2d(out, out, 3, 1, 1, "
    "bias=False), each followed by its nn.BatchNorm2d. Bottleneck: 1x1 (in -> width), 3x3 (width -> width, stride), "
    "1x1 (width -> 4·width).",
    "The projection exists only when stride != 1 or in_channels != out_channels: self.downsample = "
    "nn.Sequential(nn.Conv2d(in, out, 1, stride, bias=False), nn.BatchNorm2d(out)); otherwise self.downsample = None.",
    "forward: out = F.relu(self.bn1(self.conv1(x))); ...; out = self.bn2(self.conv2(out)) with NO ReLU yet; "
    "shortcut = x if self.downsample is None else self.downsample(x); return F.relu(out + shortcut).",
]


def case(x, init, label="", seed=0, scale=1.0) -> Case:
    return Case(args=(x,), init=init, label=label, seed=seed, scale=scale)


def basic_inputs(draw) -> Case:
    c_in, c_out = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    stride = draw(st.sampled_from([None, 1, 2, 3]))
    size = draw(st.sampled_from([1.0, 10.0]))
    x = randn(draw, draw(st.integers(1, 2)), c_in, draw(st.integers(1, 6)), draw(st.integers(1, 6)), scale=size)
    return case(x, (c_in, c_out) if stride is None else (c_in, c_out, stride), seed=draw(st.integers(0, 2**16)),
                scale=size)


def bottleneck_inputs(draw) -> Case:
    width = draw(st.integers(1, 3))
    c_in = draw(st.sampled_from([4 * width, draw(st.integers(1, 8))]))
    stride = draw(st.sampled_from([None, 1, 2]))
    size = draw(st.sampled_from([1.0, 10.0]))
    x = randn(draw, draw(st.integers(1, 2)), c_in, draw(st.integers(1, 6)), draw(st.integers(1, 6)), scale=size)
    return case(x, (c_in, width) if stride is None else (c_in, width, stride), seed=draw(st.integers(0, 2**16)),
                scale=size)


# ---- classic mistakes, written as a learner would ------------------------------------------------

class Written(nn.Module):
    """A residual block as a learner writes it, with at most one classic mistake: "relu before add",
    "no final relu", "no inner relu", "shortcut without bn", "stride moved"."""

    def __init__(self, in_channels, width, stride, bottleneck, mistake):
        super().__init__()
        self.mistake, self.bottleneck = mistake, bottleneck
        out = width * 4 if bottleneck else width
        moved = mistake == "stride moved"               # Basic: onto conv2; Bottleneck: onto the first 1x1
        if bottleneck:
            self.conv1 = nn.Conv2d(in_channels, width, 1, stride if moved else 1, bias=False)
            self.conv2 = nn.Conv2d(width, width, 3, 1 if moved else stride, 1, bias=False)
            self.conv3 = nn.Conv2d(width, out, 1, bias=False)
            self.bn3 = nn.BatchNorm2d(out)
        else:
            self.conv1 = nn.Conv2d(in_channels, width, 3, 1 if moved else stride, 1, bias=False)
            self.conv2 = nn.Conv2d(width, width, 3, stride if moved else 1, 1, bias=False)
        self.bn1, self.bn2 = nn.BatchNorm2d(width), nn.BatchNorm2d(width)
        self.downsample = None
        if stride != 1 or in_channels != out:
            self.downsample = nn.Sequential(nn.Conv2d(in_channels, out, 1, stride, bias=False), nn.BatchNorm2d(out))

    def forward(self, x):
        m = self.mistake
        out = self.bn1(self.conv1(x))
        out = out if m == "no inner relu" else F.relu(out)
        out = self.bn2(self.conv2(out))
        if self.bottleneck:
            out = self.bn3(self.conv3(out if m == "no inner relu" else F.relu(out)))
        if self.downsample is None:
            shortcut = x
        else:
            shortcut = self.downsample[0](x) if m == "shortcut without bn" else self.downsample(x)
        if m == "relu before add":
            return F.relu(out) + shortcut
        return out + shortcut if m == "no final relu" else F.relu(out + shortcut)


def basic_like(mistake):
    class BasicBlock(Written):
        def __init__(self, in_channels, out_channels, stride=1):
            super().__init__(in_channels, out_channels, stride, False, mistake)
    return BasicBlock


def bottleneck_like(mistake):
    class Bottleneck(Written):
        expansion = 4

        def __init__(self, in_channels, width, stride=1):
            super().__init__(in_channels, width, stride, True, mistake)
    return Bottleneck


def mistakes(like, stride_moved: str) -> list:
    return [
        Mistake("ReLU before the addition: the residual branch ends in BatchNorm, and the ReLU comes after "
                "out + shortcut", like=like("relu before add"),
                hint="Leave the last BatchNorm's output as it is, add the shortcut, then ReLU the sum."),
        Mistake("no ReLU after the addition: return relu(out + shortcut)", like=like("no final relu")),
        Mistake("a ReLU inside the residual branch is missing: after bn1 (and after bn2 in a Bottleneck)",
                like=like("no inner relu")),
        Mistake("the projection shortcut without its BatchNorm: downsample is a 1x1 conv AND a BatchNorm2d",
                like=like("shortcut without bn")),
        Mistake(stride_moved, like=like("stride moved")),
        kit.IN_PLACE,
    ]


BASIC = Entry(
    "BasicBlock",
    inputs=basic_inputs,
    examples=[
        case(seeded(1, 2, 4, 7, 7), (4, 8, 2), "the prompt's example: stride 2 and 4 -> 8 channels"),
        case(seeded(2, 2, 3, 5, 6), (3, 3), "identity shortcut, stride left out"),
        case(seeded(3, 1, 3, 5, 5), (3, 3, 2), "stride 2 with the same width: a projection all the same"),
        case(seeded(4, 2, 2, 4, 5), (2, 4, 1), "a wider block at stride 1: a projection"),
        case(seeded(5, 1, 2, 7, 5), (2, 3, 3), "stride 3 on a 7x5 image: 3x2 outputs"),
        case(seeded(6, 2, 1, 1, 1), (1, 2, 2), "a 1x1 image"),
    ],
    extreme=[
        case(seeded(7, 2, 3, 6, 6, scale=1e3), (3, 4, 2), "inputs near ±1000", scale=1e3),
        case(seeded(8, 2, 16, 12, 12), (16, 32, 2), "16 -> 32 channels on a 12x12 image"),
    ],
    invariants=[kit.batch_independence()],
    mistakes=mistakes(basic_like, "stride on the second 3x3 conv: a BasicBlock strides its FIRST conv (conv1) "
                                  "and the 1x1 projection"),
    speed=Speed(lambda seed: case(seeded(seed, 4, 16, 16, 16), (16, 32, 2)), limit=30.0),
)

BOTTLENECK = Entry(
    "Bottleneck",
    inputs=bottleneck_inputs,
    examples=[
        case(seeded(9, 1, 16, 5, 5), (16, 4), "the prompt's example: 16 == 4 · 4, the identity shortcut"),
        case(seeded(10, 2, 8, 6, 6), (8, 4, 2), "stride 2, 8 -> 16 channels"),
        case(seeded(11, 2, 3, 5, 4), (3, 2), "3 -> 8 channels at stride 1: a projection"),
        case(seeded(12, 1, 8, 7, 5), (8, 2, 2), "stride 2 with the same width 8: a projection all the same"),
        case(seeded(13, 2, 4, 1, 1), (4, 1, 2), "a 1x1 image"),
    ],
    extreme=[
        case(seeded(14, 2, 8, 6, 6, scale=1e3), (8, 2, 2), "inputs near ±1000", scale=1e3),
        case(seeded(15, 2, 32, 10, 10), (32, 8, 2), "32 -> 32 channels at stride 2 on a 10x10 image"),
    ],
    invariants=[kit.batch_independence()],
    mistakes=mistakes(bottleneck_like, "stride on the first 1x1 conv (the original paper's ResNet v1): torchvision's "
                                       "v1.5 strides the 3x3 (conv2), which sees every pixel"),
    speed=Speed(lambda seed: case(seeded(seed, 4, 32, 16, 16), (32, 8, 2)), limit=30.0),
)

DRILL = Drill(entries=[BASIC, BOTTLENECK], banned=["torchvision", "import torchvision"])
