import torch

EXPECT = {
    'nms: values': "equal scores in no fixed order: argsort(descending=True) without stable=True reorders ties (on the CPU past 16 elements); ties go to the lower index, argsort(descending=True, stable=True)",
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
    order = torch.sort(scores, descending=True).indices        # highest score first
    iou = box_iou(boxes[order], boxes[order])
    removed = torch.zeros(len(order), dtype=torch.bool, device=boxes.device)
    keep = []
    for i in range(len(order)):
        if not removed[i]:
            keep.append(i)
            removed |= iou[i] > iou_threshold
    return order[keep]
