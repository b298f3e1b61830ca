"""vit_patch_embed: a module graded through its forward with reference weights loaded, and the
gradients of x and of proj, cls_token and pos_embed. Particular to it: several channels (the
flattening order inside a patch shows only then), grids of 1x1 to 4x4 patches (row- and
column-major orders differ from 2x2 on), patches of one pixel and one patch covering the image,
an invariant that one pixel moves exactly its patch's token; the mistakes of channels-last
flattening, column-major patches, pixels of a patch transposed, a reshape without permute, the
class token last or not expanded over the batch, and the positions missing or kept off the class
token."""
from hypothesis import strategies as st

import torch
from torch import nn
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="ViT patch embedding", zh="图像块嵌入", topic="vision and sequence", difficulty="medium",
            minutes=15, oracle="F.conv2d with stride = patch_size, class token and positions added")
HINTS = [
    "x.view(B, C, H/p, p, W/p, p) splits both image axes into (patch index, pixel in patch). Then permute so "
    "the two patch indices come first, in row-major order (row, then column), followed by (C, p, p).",
    "permute(0, 2, 4, 1, 3, 5) gives (B, H/p, W/p, C, p, p); reshape(B, N, C·p·p) flattens the grid row by "
    "row and each patch channels first. F.unfold(x, p, stride=p).transpose(1, 2) gives the same.",
    "tokens = self.proj(patches); cls = self.cls_token.expand(B, -1, -1); "
    "return torch.cat([cls, tokens], dim=1) + self.pos_embed",
]


def case(x, p, D, label="", seed=0, scale=1.0) -> Case:
    return Case(args=(x,), init=(x.shape[-1], p, x.shape[1], D), label=label, seed=seed, scale=scale)


def inputs(draw) -> Case:
    p, side = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    B, C, D = draw(st.integers(1, 3)), draw(st.integers(1, 3)), draw(st.integers(1, 8))
    scale = draw(st.sampled_from([1.0, 10.0]))
    return case(randn(draw, B, C, p * side, p * side, scale=scale), p, D, seed=draw(st.integers(0, 2**16)),
                scale=scale)


def one_patch_one_token(call, case):
    """Changing one pixel of patch (row 0, col 1) changes token 2 alone (token 1 on a 1x1 grid)."""
    x = case.args[0]
    img, p = case.init[:2]
    col = p if img // p > 1 else 0
    changed = x.clone()
    changed[0, -1, 0, col] += 1.0
    a, b = call(case), call(Case(args=(changed,), init=case.init, seed=case.seed, scale=case.scale))
    if not isinstance(a, torch.Tensor) or a.dim() != 3:
        raise Fail("expected a (B, 1 + N, embed_dim) tensor")
    moved = ((a[0] - b[0]).detach().abs().amax(-1) > 1e-6 * case.scale).nonzero().flatten().tolist()
    want = [2] if col else [1]
    if moved != want:
        raise Fail(f"changing pixel (0, {col}) of image 0 — patch {want[0] - 1} in row-major order — changed "
                   f"tokens {moved}; it must change token {want[0]} alone (token 0 is the class token)")


# ---- classic mistakes, written as a learner would ------------------------------------------------

class Written(nn.Module):
    """PatchEmbed as a learner writes it, with at most one classic mistake: "channels last",
    "column major", "pixels transposed", "no permute", "cls last", "no positions",
    "positions on patches"."""

    def __init__(self, img_size, patch_size, in_chans, embed_dim, *, mistake=""):
        super().__init__()
        self.patch_size, self.mistake = patch_size, mistake
        n = (img_size // patch_size) ** 2
        self.proj = nn.Linear(in_chans * patch_size ** 2, embed_dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, 1 + n, embed_dim))

    def forward(self, x):
        B, C, H, W = x.shape
        p, m = self.patch_size, self.mistake
        order = {"channels last": (0, 2, 4, 3, 5, 1), "column major": (0, 4, 2, 1, 3, 5),
                 "pixels transposed": (0, 2, 4, 1, 5, 3)}.get(m, (0, 2, 4, 1, 3, 5))
        grid = x.reshape(B, C, H // p, p, W // p, p)
        patches = (grid if m == "no permute" else grid.permute(*order)).reshape(B, -1, C * p * p)
        tokens = self.proj(patches)
        cls = self.cls_token.expand(B, -1, -1)
        if m == "positions on patches":
            return torch.cat([cls, tokens + self.pos_embed[:, 1:]], dim=1)
        out = torch.cat([tokens, cls] if m == "cls last" else [cls, tokens], dim=1)
        return out if m == "no positions" else out + self.pos_embed


def learner_like(mistake):
    class PatchEmbed(Written):
        def __init__(self, img_size, patch_size, in_chans, embed_dim):
            super().__init__(img_size, patch_size, in_chans, embed_dim, mistake=mistake)
    return PatchEmbed


DRILL = Drill(entries=[Entry(
    "PatchEmbed",
    inputs=inputs,
    examples=[
        case(torch.arange(16.0).view(1, 1, 4, 4), 2, 2, label="the prompt's image (the grader's weights)", scale=15.0),
        case(seeded(1, 2, 3, 8, 8), 4, 6, label="3 channels, a 2x2 grid of 4x4 patches"),
        case(seeded(2, 2, 2, 6, 6), 2, 5, label="a 3x3 grid of 2x2 patches, 2 channels"),
        case(seeded(3, 1, 3, 3, 3), 1, 4, label="patches of one pixel"),
        case(seeded(4, 3, 2, 4, 4), 4, 3, label="one patch covering the image"),
        case(seeded(5, 2, 1, 6, 6), 3, 3, label="one channel, a 2x2 grid of 3x3 patches"),
    ],
    extreme=[
        case(seeded(6, 2, 3, 8, 8, scale=1e3), 2, 8, label="pixels near ±1000", scale=1e3),
        case(seeded(7, 4, 3, 32, 32), 8, 64, label="a 32x32 image in 16 patches of 8x8, embed_dim 64"),
    ],
    invariants=[kit.batch_independence(), Invariant("one patch, one token", one_patch_one_token)],
    mistakes=[
        Mistake("a patch flattened channels last (p, p, C): the order is (C, p, p), channels first, as F.unfold "
                "and a conv weight", like=learner_like("channels last"),
                hint="After view(B, C, H/p, p, W/p, p), permute(0, 2, 4, 1, 3, 5): the channel axis (1) comes "
                     "before the two pixel axes (3, 5)."),
        Mistake("patches in column-major order: the grid is read row by row (patch (0, 1) is token 2)",
                like=learner_like("column major")),
        Mistake("the pixels of a patch flattened column by column: within a channel they go row by row",
                like=learner_like("pixels transposed")),
        Mistake("patches cut by a reshape alone: split H and W into (H/p, p) and (W/p, p) and permute before "
                "flattening", like=learner_like("no permute")),
        Mistake("class token appended last: it is token 0, before the patches", like=learner_like("cls last")),
        Mistake("position embeddings not added", like=learner_like("no positions")),
        Mistake("position embeddings added to the patches only: pos_embed has 1 + N rows, row 0 for the class "
                "token", like=learner_like("positions on patches")),
        Mistake("class token not expanded over the batch: cls_token.expand(B, -1, -1) before torch.cat",
                error=r"Sizes of tensors must match except in dimension 1"),
    ],
    loops=Loops(small=case(seeded(8, 2, 3, 8, 8), 4, 8), large=case(seeded(9, 5, 3, 16, 16), 4, 8),
                over="the images and the patches"),
    speed=Speed(lambda seed: case(seeded(seed, 16, 3, 64, 64), 8, 128), limit=30.0),
)], banned=["torch.nn.functional.conv2d", "torch.conv2d", "torch.nn.Conv2d", "torch.convolution",
            "torch._convolution", "torch.ops.aten.convolution", "torch.ops.aten._convolution",
            "torch.ops.aten.conv2d"])
