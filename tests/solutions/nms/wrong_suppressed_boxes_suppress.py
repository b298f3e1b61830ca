import torch

EXPECT = {
    'nms: shape': 'a box suppressed by a box that was itself suppressed: only kept boxes suppress',
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
    order = scores.argsort(descending=True, stable=True)
    iou = box_iou(boxes[order], boxes[order])
    # one pass, no loop: a box survives if no higher-scored box overlaps it too much
    overlaps = (iou > iou_threshold).triu(diagonal=1)
    return order[~overlaps.any(dim=0)]
