import torch


def box_iou(boxes1, boxes2):
    b1, b2 = boxes1[:, None, :], boxes2[None, :, :]                     # (N, 1, 4), (1, M, 4)
    overlap = (torch.min(b1[..., 2:], b2[..., 2:]) - torch.max(b1[..., :2], b2[..., :2])).clamp(min=0)
    inter = overlap.prod(-1)
    area = lambda b: (b[..., 2] - b[..., 0]) * (b[..., 3] - b[..., 1])
    return inter / (area(b1) + area(b2) - inter)


def nms(boxes, scores, iou_threshold):
    """Visit by rank with a Python sort key (-score, index); decisions read from the IoU matrix."""
    n = len(scores)
    ranked = sorted(range(n), key=lambda i: (-float(scores[i]), i))
    iou = box_iou(boxes, boxes).tolist()
    keep = []
    for i in ranked:
        if all(iou[i][k] <= iou_threshold for k in keep):
            keep.append(i)
    return torch.as_tensor(keep, dtype=torch.int64).to(boxes.device)
