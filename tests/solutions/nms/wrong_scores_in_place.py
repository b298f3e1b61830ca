import torch

EXPECT = {
    'nms: inputs unchanged': 'boxes or scores modified in place (e.g. a sort_ or a score set to -inf): work on copies',
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
    iou = box_iou(boxes, boxes)
    keep = []
    for _ in range(len(scores)):
        i = int(scores.argmax())                             # equal scores: argmax takes the lower index
        if scores[i] == -float("inf"):
            break
        keep.append(i)
        scores[iou[i] > iou_threshold] = -float("inf")       # suppressed (and i itself) leave the race
        scores[i] = -float("inf")
    return torch.tensor(keep, dtype=torch.long, device=boxes.device)
