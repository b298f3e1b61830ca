"""nms: two entries, box_iou graded on values (a vectorised (N, M) matrix) and nms on the kept
indices and their order. Not graded on gradients: nms returns indices, and the IoU's gradient is
not defined where box edges coincide (identical, nested on an edge, touching boxes are examples).
Particular to it: boxes on an integer grid (shared edges, touching boxes) and in continuous
coordinates at scales 0.01 to 1e4, empty inputs, score ties (the lower index first, in rows longer
than 16 too, where torch's unstable sort reorders them), an IoU
exactly at the threshold (not suppressed), thresholds 0 and 1; drawn thresholds are kept clear of
every IoU, where float rounding would decide. Mistakes: the +1 pixel convention, a missing clamp,
the union without the intersection, (x, y, w, h) boxes; for nms, filtering by score, no sort, >=,
suppression by suppressed boxes, kept indices in index order, ties to the higher index or in an
unstable sort's order, and boxes returned instead of indices."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Loops, Mistake, Speed

META = dict(title="Box IoU and non-maximum suppression", zh="非极大值抑制", topic="vision and sequence",
            difficulty="medium", minutes=20, oracle="brute force with torchvision's semantics")
HINTS = [
    "box_iou: broadcast boxes1[:, None, :2] against boxes2[None, :, :2]: the intersection's top-left corner is "
    "their elementwise maximum, its bottom-right the minimum of the [.., 2:] corners; clamp(min=0) the width "
    "and height so disjoint boxes overlap by 0.",
    "IoU = inter / (area1[:, None] + area2[None, :] - inter), areas (x2 - x1) · (y2 - y1) with no + 1.",
    "nms: order = scores.argsort(descending=True, stable=True) (ties: lower index first); iou = box_iou of the "
    "boxes in that order; walk i over the order, skipping suppressed boxes.",
    "When box i is kept: keep.append(i); suppressed |= iou[i] > iou_threshold (strict). Return order[keep] — "
    "indices into the original boxes, in the order kept.",
]


def boxes(g: torch.Generator, n: int, kind: str, scale: float, spread: float = 10.0) -> torch.Tensor:
    """n boxes: on an integer grid (shared edges, touching and identical boxes) or continuous."""
    if kind == "grid":
        corner = torch.randint(0, int(spread // 2) + 1, (n, 2), generator=g).float()
        size = torch.randint(1, 5, (n, 2), generator=g).float()
    else:
        corner = torch.rand(n, 2, generator=g) * spread
        size = 0.5 + torch.rand(n, 2, generator=g) * 6
    return torch.cat([corner, corner + size], 1) * scale


# ---- box_iou ------------------------------------------------------------------------------------

def iou_case(b1, b2, label="", scale=1.0) -> Case:
    return Case(args=(b1, b2), label=label, scale=scale)


def iou_inputs(draw) -> Case:
    g = kit.generator(draw)
    kind, scale = draw(st.sampled_from(["grid", "continuous"])), draw(st.sampled_from([1.0, 0.01, 100.0]))
    n, m = draw(st.integers(0, 5)), draw(st.integers(0, 6))
    b1 = boxes(g, n, kind, scale)
    b2 = torch.cat([boxes(g, m, kind, scale), b1[:draw(st.integers(0, n))]])     # some boxes in both
    return iou_case(b1, b2)


def iou_like(plus_one=False, clamp=True, minus_inter=True, xywh=False):
    """box_iou written as a learner would, with at most one classic mistake switched on."""
    def iou(boxes1, boxes2):
        if xywh:                                        # read as (x, y, w, h)
            boxes1 = torch.cat([boxes1[:, :2], boxes1[:, :2] + boxes1[:, 2:]], 1)
            boxes2 = torch.cat([boxes2[:, :2], boxes2[:, :2] + boxes2[:, 2:]], 1)
        one = 1.0 if plus_one else 0.0
        area1 = (boxes1[:, 2] - boxes1[:, 0] + one) * (boxes1[:, 3] - boxes1[:, 1] + one)
        area2 = (boxes2[:, 2] - boxes2[:, 0] + one) * (boxes2[:, 3] - boxes2[:, 1] + one)
        lt = torch.max(boxes1[:, None, :2], boxes2[None, :, :2])
        rb = torch.min(boxes1[:, None, 2:], boxes2[None, :, 2:])
        wh = rb - lt + one
        wh = wh.clamp(min=0) if clamp else wh
        inter = wh[..., 0] * wh[..., 1]
        union = area1[:, None] + area2[None, :] - (inter if minus_inter else 0)
        return inter / union
    return iou


def box_iou(boxes1, boxes2):
    """The IoU done right, as a learner's file has it beside nms: for nms's mistakes and for the
    thresholds kept clear of every IoU."""
    area1 = (boxes1[:, 2] - boxes1[:, 0]) * (boxes1[:, 3] - boxes1[:, 1])
    area2 = (boxes2[:, 2] - boxes2[:, 0]) * (boxes2[:, 3] - boxes2[:, 1])
    wh = (torch.minimum(boxes1[:, None, 2:], boxes2[None, :, 2:]) -
          torch.maximum(boxes1[:, None, :2], boxes2[None, :, :2])).clamp(min=0)     # (N, M, 2)
    inter = wh[..., 0] * wh[..., 1]
    return inter / (area1[:, None] + area2[None, :] - inter)


PLUS_ONE = "the +1 pixel convention: coordinates are continuous, so a box's width is x2 - x1 (no + 1)"

BOX_IOU = Entry(
    "box_iou",
    inputs=iou_inputs,
    examples=[
        iou_case(torch.tensor([[0.0, 0.0, 2.0, 2.0], [1.0, 1.0, 3.0, 3.0]]),
                 torch.tensor([[1.0, 0.0, 3.0, 2.0], [4.0, 4.0, 5.0, 5.0], [0.0, 0.0, 2.0, 2.0]]),
                 label="the prompt's example"),
        iou_case(torch.tensor([[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0]]),
                 torch.tensor([[1.0, 0.0, 2.0, 1.0], [0.0, 1.0, 1.0, 3.0], [1.0, 1.0, 2.0, 2.0]]),
                 label="touching boxes: IoU 0"),
        iou_case(torch.tensor([[0.0, 0.0, 1.0, 1.0]]), torch.tensor([[3.0, 4.0, 5.0, 6.0], [-4.0, -3.0, -2.0, -1.0]]),
                 label="boxes apart on both axes: the overlaps are negative twice"),
        iou_case(torch.tensor([[0.0, 0.0, 10.0, 10.0]]), torch.tensor([[2.0, 3.0, 4.0, 7.0], [0.0, 0.0, 10.0, 10.0]]),
                 label="a box inside another, and a box with itself"),
        iou_case(boxes(torch.Generator().manual_seed(1), 5, "continuous", 1.0),
                 boxes(torch.Generator().manual_seed(2), 7, "continuous", 1.0), label="5 x 7 continuous boxes"),
        iou_case(boxes(torch.Generator().manual_seed(3), 4, "grid", 100.0),
                 boxes(torch.Generator().manual_seed(4), 3, "grid", 100.0), label="boxes in pixels (x100)"),
        iou_case(torch.zeros(0, 4), boxes(torch.Generator().manual_seed(5), 3, "grid", 1.0), label="no boxes1"),
        iou_case(boxes(torch.Generator().manual_seed(6), 2, "grid", 1.0), torch.zeros(0, 4), label="no boxes2"),
        iou_case(boxes(torch.Generator().manual_seed(7), 3, "continuous", 0.01),
                 boxes(torch.Generator().manual_seed(8), 4, "continuous", 0.01), label="boxes of size ~0.01"),
    ],
    extreme=[
        iou_case(boxes(torch.Generator().manual_seed(9), 6, "continuous", 1.0, spread=20.0) + 1e4,
                 boxes(torch.Generator().manual_seed(10), 5, "continuous", 1.0, spread=20.0) + 1e4, scale=10.0,
                 label="coordinates near 1e4"),
        iou_case(boxes(torch.Generator().manual_seed(11), 150, "continuous", 1.0, spread=30.0),
                 boxes(torch.Generator().manual_seed(12), 120, "continuous", 1.0, spread=30.0),
                 label="150 x 120 boxes"),
    ],
    mistakes=[
        Mistake(PLUS_ONE, like=iou_like(plus_one=True),
                hint="The +1 belongs to integer pixel-index boxes (old VOC code). torchvision's boxes are continuous: "
                     "area = (x2 - x1) * (y2 - y1), overlap = (min x2 - max x1).clamp(min=0)."),
        Mistake("the overlap's width and height not clamped at 0: two negative overlaps multiply to a positive "
                "intersection", like=iou_like(clamp=False)),
        Mistake("union = area1 + area2, without subtracting the intersection", like=iou_like(minus_inter=False)),
        Mistake("boxes read as (x, y, w, h): they are corners (x1, y1, x2, y2)", like=iou_like(xywh=True)),
    ],
    grad=False,
    loops=Loops(small=iou_case(boxes(torch.Generator().manual_seed(13), 3, "continuous", 1.0),
                               boxes(torch.Generator().manual_seed(14), 4, "continuous", 1.0)),
                large=iou_case(boxes(torch.Generator().manual_seed(15), 9, "continuous", 1.0),
                               boxes(torch.Generator().manual_seed(16), 12, "continuous", 1.0)), over="the boxes"),
    speed=Speed(lambda seed: iou_case(boxes(torch.Generator().manual_seed(seed), 1000, "continuous", 1.0, 100.0),
                                      boxes(torch.Generator().manual_seed(seed + 1), 1000, "continuous", 1.0, 100.0)),
                limit=30.0),
)


# ---- nms ----------------------------------------------------------------------------------------

def clear_threshold(bx: torch.Tensor, t: float, margin: float = 1e-3) -> float:
    """t, moved as little as possible to lie at least `margin` from every pairwise IoU of the boxes
    (there float rounding, not the rule, would decide)."""
    values = sorted({0.0, 1.0, *box_iou(bx.double(), bx.double()).flatten().tolist()})
    best = None
    for lo, hi in zip(values, values[1:]):
        if hi - lo > 2 * margin:
            q = min(max(t, lo + margin), hi - margin)
            if best is None or abs(q - t) < abs(best - t):
                best = q
    return round(best if best is not None else t, 4)


def nms_case(bx, scores, t, label="", clear=False) -> Case:
    return Case(args=(bx, scores, clear_threshold(bx, t) if clear else t), label=label)


def nms_inputs(draw) -> Case:
    g = kit.generator(draw)
    n = draw(st.one_of(st.integers(0, 12), st.integers(17, 24)))    # past 16 an unstable sort reorders ties
    bx = boxes(g, n, draw(st.sampled_from(["grid", "continuous"])), draw(st.sampled_from([1.0, 0.01, 100.0])),
               spread=draw(st.sampled_from([4.0, 10.0])))
    ties = draw(st.sampled_from(["none", "some", "all"]))
    scores = torch.rand(n, generator=g)
    if ties == "some":
        scores = (scores * 4).round() / 4            # five distinct values: ties
    elif ties == "all":
        scores = torch.full((n,), 0.5)
    return nms_case(bx, scores, draw(st.sampled_from([0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0])), clear=True)


def nms_like(iou=box_iou, order="score", suppress=">", by_suppressed=False, output="order"):
    """nms written as a learner would, with at most one classic mistake switched on."""
    def nms(boxes, scores, iou_threshold):
        if order == "score filter":                  # thresholds the scores, never looks at the boxes
            kept = torch.nonzero(scores > iou_threshold).flatten()
            return kept[scores[kept].argsort(descending=True, stable=True)]
        idx = {"score": scores.argsort(descending=True, stable=True), "index": torch.arange(len(scores)),
               "flipped": scores.argsort(stable=True).flip(0), "unstable": scores.argsort(descending=True)}[order]
        m = iou(boxes[idx], boxes[idx])
        over = m >= iou_threshold if suppress == ">=" else m > iou_threshold
        if by_suppressed:                            # any higher-ranked box, kept or not, suppresses
            keep = [i for i in range(len(idx)) if not over[:i, i].any()]
        else:
            removed, keep = torch.zeros(len(idx), dtype=torch.bool), []
            for i in range(len(idx)):
                if not removed[i]:
                    keep.append(i)
                    removed |= over[i]
        kept = idx[keep]
        if output == "index order":
            return kept.sort().values
        return boxes[kept] if output == "boxes" else kept
    return nms


NMS = Entry(
    "nms",
    inputs=nms_inputs,
    examples=[
        nms_case(torch.tensor([[0.0, 0.0, 4.0, 4.0], [1.0, 0.0, 5.0, 4.0], [2.0, 0.0, 6.0, 4.0],
                               [10.0, 10.0, 12.0, 12.0]]),
                 torch.tensor([0.9, 0.8, 0.7, 0.95]), 0.5, label="the prompt's example"),
        nms_case(torch.tensor([[0.0, 0.0, 3.0, 1.0], [1.0, 0.0, 4.0, 1.0], [0.0, 0.0, 5.0, 1.0], [3.0, 0.0, 8.0, 1.0]]),
                 torch.tensor([0.9, 0.8, 0.3, 0.2]), 0.5,
                 label="IoU exactly 0.5 with the threshold 0.5 (not suppressed), and exactly 0.25"),
        nms_case(torch.tensor([[0.0, 0.0, 2.0, 2.0], [0.5, 0.0, 2.5, 2.0], [5.0, 5.0, 6.0, 6.0], [5.2, 5.0, 6.2, 6.0]]),
                 torch.tensor([0.5, 0.5, 0.5, 0.5]), 0.5, label="equal scores: the lower index first"),
        nms_case(torch.tensor([[0.0, 0.0, 1.0, 1.0], [1.0, 0.0, 2.0, 1.0], [0.5, 0.5, 1.5, 1.5], [3.0, 3.0, 4.0, 4.0]]),
                 torch.tensor([0.6, 0.9, 0.8, 0.7]), 0.0,
                 label="threshold 0: any overlap suppresses, touching does not"),
        nms_case(torch.tensor([[0.0, 0.0, 2.0, 2.0], [0.0, 0.0, 2.0, 2.0], [1.0, 1.0, 3.0, 3.0]]),
                 torch.tensor([0.2, 0.9, 0.4]), 1.0, label="threshold 1: identical boxes (IoU 1) are both kept"),
        nms_case(torch.tensor([[0.0, 0.0, 2.0, 2.0], [0.1, 0.1, 2.1, 2.1], [0.2, 0.0, 2.2, 2.0], [4.0, 4.0, 5.0, 5.0]]),
                 torch.tensor([0.3, 0.8, 0.1, 0.45]), 0.4, label="scores on both sides of the threshold"),
        nms_case(boxes(torch.Generator().manual_seed(17), 10, "continuous", 1.0, spread=4.0),
                 torch.rand(10, generator=torch.Generator().manual_seed(18)), 0.3, clear=True,
                 label="10 overlapping boxes of size 0.5 to 6.5"),
        nms_case(boxes(torch.Generator().manual_seed(19), 8, "grid", 1.0, spread=4.0),
                 torch.rand(8, generator=torch.Generator().manual_seed(20)), 0.5, clear=True,
                 label="8 boxes on an integer grid"),
        nms_case(boxes(torch.Generator().manual_seed(25), 24, "grid", 1.0, spread=10.0),
                 (torch.rand(24, generator=torch.Generator().manual_seed(26)) * 3).round() / 3, 0.3, clear=True,
                 label="24 boxes with four score values: torch's unstable sort reorders ties past 16 elements"),
        nms_case(torch.zeros(0, 4), torch.zeros(0), 0.5, label="no boxes"),
        nms_case(torch.tensor([[1.0, 2.0, 3.0, 5.0]]), torch.tensor([0.3]), 0.5, label="one box"),
    ],
    extreme=[
        nms_case(boxes(torch.Generator().manual_seed(21), 120, "continuous", 1.0, spread=25.0),
                 torch.rand(120, generator=torch.Generator().manual_seed(22)), 0.5, clear=True, label="120 boxes"),
        nms_case(boxes(torch.Generator().manual_seed(23), 20, "continuous", 1.0, spread=10.0) + 1e4,
                 torch.rand(20, generator=torch.Generator().manual_seed(24)), 0.45, clear=True,
                 label="coordinates near 1e4"),
    ],
    mistakes=[Mistake(k.name, like=nms_like(iou=k.like)) for k in BOX_IOU.mistakes] + [   # box_iou's own, seen here
        Mistake("boxes filtered by their score (score > threshold) instead of suppressed by their IoU with a kept box",
                like=nms_like(order="score filter")),
        Mistake("boxes not sorted by score: the greedy pass visits them in decreasing score",
                like=nms_like(order="index"),
                hint="order = scores.argsort(descending=True, stable=True), then walk the boxes in that order."),
        Mistake("suppressed when IoU >= threshold: only an IoU strictly above it suppresses",
                like=nms_like(suppress=">=")),
        Mistake("a box suppressed by a box that was itself suppressed: only kept boxes suppress",
                like=nms_like(by_suppressed=True),
                hint="Walk the boxes in score order, and let box i suppress others only if i itself was kept."),
        Mistake("kept indices returned in index order: return them in the order kept (decreasing score)",
                like=nms_like(output="index order")),
        Mistake("equal scores put the higher index first (argsort ascending, then flipped): ties go to the lower "
                "index (a stable descending sort)", like=nms_like(order="flipped")),
        Mistake("equal scores in no fixed order: argsort(descending=True) without stable=True reorders ties (on the "
                "CPU past 16 elements); ties go to the lower index, argsort(descending=True, stable=True)",
                like=nms_like(order="unstable")),
        Mistake("the kept boxes returned instead of their indices", like=nms_like(output="boxes")),
        Mistake("boxes or scores modified in place (e.g. a sort_ or a score set to -inf): work on copies",
                check="inputs unchanged"),
    ],
    grad=False,
    speed=Speed(lambda seed: nms_case(boxes(torch.Generator().manual_seed(seed), 1000, "continuous", 1.0, 200.0),
                                      torch.rand(1000, generator=torch.Generator().manual_seed(seed + 1)), 0.5),
                limit=30.0),
)

DRILL = Drill(entries=[BOX_IOU, NMS], banned=["torchvision", "import torchvision"])
