import torch

EXPECT = {
    'nms: shape': 'boxes filtered by their score (score > threshold) instead of suppressed by their IoU with a kept box',
}


def box_iou(boxes1, boxes2):
    area1 = (boxes1[:, 2] - boxes1[:, 0]) * (boxes1[:, 3] - boxes1[:, 1])
    area2 = (boxes2[:, 2] - boxes2[:, 0]) * (boxes2[:, 3] - boxes2[:, 1])
    lt = torch.max(boxes1[:, None, :2], boxes2[None, :, :2])
    rb = torch.min(boxes1[:, None, 2:], boxes2[None, :, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    return inter / (area1[:, None] + area2 - inter)


def nms(boxes, scores, iou_threshold):
    keep = torch.where(scores > iou_threshold)[0]
    return keep[torch.sort(scores[keep], descending=True, stable=True).indices]
