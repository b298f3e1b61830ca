import torch


def box_iou(boxes1: torch.Tensor, boxes2: torch.Tensor) -> torch.Tensor:
    area1 = (boxes1[:, 2] - boxes1[:, 0]) * (boxes1[:, 3] - boxes1[:, 1])     # (N,)
    area2 = (boxes2[:, 2] - boxes2[:, 0]) * (boxes2[:, 3] - boxes2[:, 1])     # (M,)
    top_left = torch.maximum(boxes1[:, None, :2], boxes2[None, :, :2])       # (N, M, 2)
    bottom_right = torch.minimum(boxes1[:, None, 2:], boxes2[None, :, 2:])
    wh = (bottom_right - top_left).clamp(min=0)       # disjoint boxes: no negative overlap
    inter = wh[..., 0] * wh[..., 1]                                          # (N, M)
    return inter / (area1[:, None] + area2[None, :] - inter)


def nms(boxes: torch.Tensor, scores: torch.Tensor, iou_threshold: float) -> torch.Tensor:
    order = scores.argsort(descending=True, stable=True)     # equal scores: the lower index first
    iou = box_iou(boxes[order], boxes[order])                # (N, N) in visiting order
    suppressed = torch.zeros(len(order), dtype=torch.bool, device=boxes.device)
    keep = []
    for i in range(len(order)):
        if not suppressed[i]:
            keep.append(i)
            suppressed |= iou[i] > iou_threshold             # only kept boxes suppress
    return order[keep]
