import torch

EXPECT = {
    'box_iou: no loop': '',
}


def box_iou(boxes1, boxes2):
    # one row of the IoU matrix at a time: a Python loop over the first set of boxes
    out = boxes1.new_zeros(len(boxes1), len(boxes2))
    area2 = (boxes2[:, 2] - boxes2[:, 0]) * (boxes2[:, 3] - boxes2[:, 1])
    for i in range(len(boxes1)):
        a = boxes1[i]
        w = (torch.minimum(a[2], boxes2[:, 2]) - torch.maximum(a[0], boxes2[:, 0])).clamp(min=0)
        h = (torch.minimum(a[3], boxes2[:, 3]) - torch.maximum(a[1], boxes2[:, 1])).clamp(min=0)
        inter = w * h
        out[i] = inter / ((a[2] - a[0]) * (a[3] - a[1]) + area2 - inter)
    return out


def nms(boxes, scores, iou_threshold):
    order = torch.sort(scores, descending=True, stable=True).indices
    iou = box_iou(boxes[order], boxes[order])
    removed = torch.zeros(len(order), dtype=torch.bool, device=boxes.device)
    keep = []
    for i in range(len(order)):
        if removed[i]:
            continue
        keep.append(i)
        removed = removed | (iou[i] > iou_threshold)
    return order[keep]

