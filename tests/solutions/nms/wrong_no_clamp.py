import torch

EXPECT = {
    'box_iou: values': "the overlap's width and height not clamped at 0: two negative overlaps multiply to a positive intersection",
    'nms: shape': "the overlap's width and height not clamped at 0: two negative overlaps multiply to a positive intersection",
}


def box_iou(boxes1, boxes2):
    area1 = (boxes1[:, 2] - boxes1[:, 0]) * (boxes1[:, 3] - boxes1[:, 1])
    area2 = (boxes2[:, 2] - boxes2[:, 0]) * (boxes2[:, 3] - boxes2[:, 1])
    w = torch.min(boxes1[:, None, 2], boxes2[None, :, 2]) - torch.max(boxes1[:, None, 0], boxes2[None, :, 0])
    h = torch.min(boxes1[:, None, 3], boxes2[None, :, 3]) - torch.max(boxes1[:, None, 1], boxes2[None, :, 1])
    inter = w * h
    return inter / (area1[:, None] + area2 - inter)


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

