"""Box IoU and non-maximum suppression 非极大值抑制

Write two functions, with torchvision's semantics (torchvision.ops.box_iou and .nms).

Boxes are float tensors `(N, 4)` of corners `(x1, y1, x2, y2)` with x1 < x2 and y1 < y2, in
continuous coordinates: a box's area is (x2 - x1) · (y2 - y1) — no "+ 1 pixel".

`box_iou(boxes1, boxes2)` returns the `(N, M)` matrix of intersection over union of every box
of boxes1 `(N, 4)` with every box of boxes2 `(M, 4)`:
- intersection = max(0, min(x2, x2') - max(x1, x1')) · max(0, min(y2, y2') - max(y1, y1'))
- IoU = intersection / (area + area' - intersection). Boxes that only touch have IoU 0; a box
  with itself has IoU 1.
- N or M may be 0. The output has boxes1's dtype and device. No Python loop over the boxes:
  broadcast (N, 1) against (1, M).

`nms(boxes, scores, iou_threshold)` is greedy non-maximum suppression:
- `boxes` `(N, 4)`, `scores` `(N,)` float, `iou_threshold` a float in [0, 1].
- Visit the boxes in order of decreasing score; ties in score: the LOWER index first (a stable
  sort). A box is kept unless its IoU with a box ALREADY KEPT is > iou_threshold (strictly: an
  IoU equal to the threshold does not suppress). A suppressed box suppresses nothing.
- Returns the indices of the kept boxes, int64 `(K,)`, in the order they were kept (decreasing
  score), on boxes' device. N may be 0 (an empty result). The inputs are not modified.
- A Python loop over the boxes in score order is fine: the greedy pass is sequential. Use your
  box_iou. Do not call torchvision.

Example:
    >>> box_iou(torch.tensor([[0.0, 0.0, 2.0, 2.0], [1.0, 1.0, 3.0, 3.0]]),
    ...         torch.tensor([[1.0, 0.0, 3.0, 2.0], [4.0, 4.0, 5.0, 5.0], [0.0, 0.0, 2.0, 2.0]]))
    tensor([[0.3333, 0.0000, 1.0000],
            [0.3333, 0.0000, 0.1429]])       # e.g. 2 / (4 + 4 - 2); 1 / (4 + 4 - 1)
    >>> boxes = torch.tensor([[0.0, 0.0, 4.0, 4.0], [1.0, 0.0, 5.0, 4.0],
    ...                       [2.0, 0.0, 6.0, 4.0], [10.0, 10.0, 12.0, 12.0]])
    >>> nms(boxes, torch.tensor([0.9, 0.8, 0.7, 0.95]), iou_threshold=0.5)
    tensor([3, 0, 2])
    # 3 is kept first; 0 is kept; 1 has IoU 12/20 = 0.6 > 0.5 with 0: suppressed; 2 has IoU
    # 8/24 with 0 and is kept (its IoU 0.6 with 1 does not count: 1 was suppressed)
"""
import torch


def box_iou(boxes1: torch.Tensor, boxes2: torch.Tensor) -> torch.Tensor:
    # TODO: areas, corners of the intersections by broadcasting, clamp at 0, IoU (about 7 lines)
    raise NotImplementedError


def nms(boxes: torch.Tensor, scores: torch.Tensor, iou_threshold: float) -> torch.Tensor:
    # TODO: a stable descending sort of the scores, the IoU matrix, then keep or suppress each box
    # in that order (about 10 lines)
    raise NotImplementedError
