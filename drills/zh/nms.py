"""非极大值抑制 Box IoU and non-maximum suppression

实现两个函数，语义与 torchvision 相同（torchvision.ops.box_iou 和 .nms）。

框是形状为 `(N, 4)` 的浮点张量，每行是角点坐标 `(x1, y1, x2, y2)`，x1 < x2 且 y1 < y2，坐标是连续的：
框的面积是 (x2 - x1) · (y2 - y1)——没有“+ 1 像素”。

`box_iou(boxes1, boxes2)` 返回 `(N, M)` 矩阵：boxes1 `(N, 4)` 中每个框与 boxes2 `(M, 4)`
中每个框的交并比（IoU）：
- intersection = max(0, min(x2, x2') - max(x1, x1')) · max(0, min(y2, y2') - max(y1, y1'))
- IoU = intersection / (area + area' - intersection)。只是相接触的框 IoU 为 0；框与自身的 IoU 为 1。
- N 或 M 可以是 0。输出的 dtype 和设备与 boxes1 相同。不要对框写 Python 循环：
  把 (N, 1) 与 (1, M) 做广播。

`nms(boxes, scores, iou_threshold)` 是贪心的非极大值抑制：
- `boxes` `(N, 4)`，`scores` `(N,)` 为浮点，`iou_threshold` 是 [0, 1] 内的浮点数。
- 按分数从高到低访问各个框；分数相同时，索引较小的在前（稳定排序）。一个框会被保留，除非它与某个
  已经保留的框的 IoU > iou_threshold（严格大于：IoU 等于阈值不会抑制）。被抑制的框不抑制任何框。
- 返回保留框的索引，int64 `(K,)`，按保留的先后顺序（分数从高到低），位于 boxes 所在设备上。
  N 可以是 0（返回空结果）。不能修改输入。
- 按分数顺序对框写 Python 循环没问题：贪心过程本来就是顺序的。使用你自己的 box_iou。
  不要调用 torchvision。

示例:
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
    # TODO: 面积，用广播求交集的角点，截断到 0，算 IoU（约 7 行）
    raise NotImplementedError


def nms(boxes: torch.Tensor, scores: torch.Tensor, iou_threshold: float) -> torch.Tensor:
    # TODO: 对分数做稳定的降序排序，求 IoU 矩阵，再按这个顺序逐个决定保留还是抑制
    # （约 10 行）
    raise NotImplementedError
