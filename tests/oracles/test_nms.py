"""The reference against brute force with torchvision's semantics (torchvision itself is not a
dependency): IoU pair by pair in Python floats, and on integer boxes by counting unit cells;
greedy NMS by its definition, pair by pair, and checked against the property that defines it."""
import itertools
from fractions import Fraction

import pytest
import torch

from reference.nms import box_iou, nms


def iou_pair(a, b) -> float:
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = w * h
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def cells(box) -> set:
    x1, y1, x2, y2 = map(int, box)
    return {(x, y) for x in range(x1, x2) for y in range(y1, y2)}


def greedy(boxes: list, scores: list, t: float) -> list:
    kept = []
    for i in sorted(range(len(boxes)), key=lambda i: (-scores[i], i)):
        if all(iou_pair(boxes[i], boxes[k]) <= t for k in kept):
            kept.append(i)
    return kept


def random_boxes(g, n, grid: bool, scale=1.0, spread=10.0):
    if grid:
        corner = torch.randint(0, int(spread // 2) + 1, (n, 2), generator=g).double()
        size = torch.randint(1, 5, (n, 2), generator=g).double()
    else:
        corner = torch.rand(n, 2, generator=g, dtype=torch.float64) * spread
        size = 0.5 + torch.rand(n, 2, generator=g, dtype=torch.float64) * 6
    return torch.cat([corner, corner + size], 1) * scale


@pytest.mark.parametrize("seed", range(20))
def test_box_iou_agrees_with_pairwise_python(seed):
    g = torch.Generator().manual_seed(seed)
    grid, scale = seed % 2 == 0, [1.0, 0.01, 100.0][seed % 3]
    a, b = random_boxes(g, seed % 6, grid, scale), random_boxes(g, 1 + seed % 5, grid, scale)
    want = torch.tensor([[iou_pair(x, y) for y in b.tolist()] for x in a.tolist()], dtype=torch.float64)
    got = box_iou(a, b)
    assert got.shape == (len(a), len(b))
    torch.testing.assert_close(got, want.view(len(a), len(b)), rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(box_iou(a.float(), b.float()), want.float().view(len(a), len(b)), rtol=1e-5,
                               atol=1e-6)


def test_box_iou_on_integer_boxes_counts_unit_cells():
    """No + 1: a box [x1, x2) x [y1, y2) covers (x2 - x1)(y2 - y1) unit cells."""
    g = torch.Generator().manual_seed(0)
    bx = random_boxes(g, 12, grid=True)
    got = box_iou(bx, bx)
    for i, j in itertools.product(range(12), repeat=2):
        a, b = cells(bx[i].tolist()), cells(bx[j].tolist())
        assert got[i, j].item() == pytest.approx(float(Fraction(len(a & b), len(a | b))), abs=1e-12)


def test_box_iou_edge_cases():
    unit = torch.tensor([[0.0, 0.0, 1.0, 1.0]])
    touching = torch.tensor([[1.0, 0.0, 2.0, 1.0], [0.0, 1.0, 1.0, 2.0], [1.0, 1.0, 2.0, 2.0]])
    assert box_iou(unit, touching).tolist() == [[0.0, 0.0, 0.0]]
    assert box_iou(unit, unit).item() == 1.0
    assert box_iou(torch.zeros(0, 4), touching).shape == (0, 3)
    assert box_iou(touching, torch.zeros(0, 4)).shape == (3, 0)


@pytest.mark.parametrize("seed", range(40))
def test_nms_agrees_with_the_greedy_definition(seed):
    g = torch.Generator().manual_seed(seed)
    n = seed % 13
    bx = random_boxes(g, n, grid=seed % 2 == 0, spread=[4.0, 10.0][seed % 4 // 2])
    scores = torch.rand(n, generator=g, dtype=torch.float64)
    if seed % 3 == 0:
        scores = (scores * 4).round() / 4                       # ties
    for t in (0.0, 0.2, 0.5, 0.7, 1.0):
        want = greedy(bx.tolist(), scores.tolist(), t)
        got = nms(bx, scores, t)
        assert got.dtype == torch.int64 and got.tolist() == want, (t, got.tolist(), want)


def test_nms_result_has_the_defining_property():
    """Box i (in rank order) is kept iff no kept box ranked before it has IoU > t with it."""
    g = torch.Generator().manual_seed(7)
    bx = random_boxes(g, 200, grid=False, spread=30.0)
    scores = torch.rand(200, generator=g, dtype=torch.float64)
    kept = nms(bx, scores, 0.4).tolist()
    iou = box_iou(bx, bx)
    rank = sorted(range(200), key=lambda i: (-scores[i].item(), i))
    assert kept == [i for i in rank if i in set(kept)]           # in rank order
    for pos, i in enumerate(rank):
        earlier_kept = [k for k in rank[:pos] if k in kept]
        assert (i in kept) == all(iou[i, k] <= 0.4 for k in earlier_kept)


def test_nms_threshold_is_strict_and_ties_go_to_the_lower_index():
    bx = torch.tensor([[0.0, 0.0, 3.0, 1.0], [1.0, 0.0, 4.0, 1.0]])       # IoU exactly 0.5
    assert nms(bx, torch.tensor([0.9, 0.8]), 0.5).tolist() == [0, 1]
    assert nms(bx, torch.tensor([0.9, 0.8]), 0.49).tolist() == [0]
    assert nms(bx, torch.tensor([0.5, 0.5]), 0.3).tolist() == [0]
    assert nms(torch.zeros(0, 4), torch.zeros(0), 0.5).tolist() == []
