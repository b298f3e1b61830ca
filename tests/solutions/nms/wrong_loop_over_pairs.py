import torch

EXPECT = {
    'box_iou: no loop': '',
}


def box_iou(boxes1, boxes2):
    out = boxes1.new_zeros(len(boxes1), len(boxes2))
    for i in range(len(boxes1)):
        for j in range(len(boxes2)):
            a, b = boxes1[i], boxes2[j]
            w = (torch.min(a[2], b[2]) - torch.max(a[0], b[0])).clamp(min=0)
            h = (torch.min(a[3], b[3]) - torch.max(a[1], b[1])).clamp(min=0)
            inter = w * h
            out[i, j] = inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)
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

