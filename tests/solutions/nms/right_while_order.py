import torch


def box_iou(boxes1, boxes2):
    x1 = torch.maximum(boxes1[:, 0].unsqueeze(1), boxes2[:, 0].unsqueeze(0))
    y1 = torch.maximum(boxes1[:, 1].unsqueeze(1), boxes2[:, 1].unsqueeze(0))
    x2 = torch.minimum(boxes1[:, 2].unsqueeze(1), boxes2[:, 2].unsqueeze(0))
    y2 = torch.minimum(boxes1[:, 3].unsqueeze(1), boxes2[:, 3].unsqueeze(0))
    inter = torch.relu(x2 - x1) * torch.relu(y2 - y1)
    wh1, wh2 = boxes1[:, 2:] - boxes1[:, :2], boxes2[:, 2:] - boxes2[:, :2]
    union = wh1.prod(1).unsqueeze(1) + wh2.prod(1).unsqueeze(0) - inter
    return inter / union


def nms(boxes, scores, iou_threshold):
    """The textbook loop: take the best remaining box, drop the remaining ones that overlap it."""
    order = torch.sort(scores, descending=True, stable=True).indices
    keep = []
    while order.numel() > 0:
        best = order[0]
        keep.append(best)
        if order.numel() == 1:
            break
        rest = order[1:]
        ious = box_iou(boxes[best].unsqueeze(0), boxes[rest])[0]
        order = rest[ious <= iou_threshold]          # stays sorted: a boolean mask keeps the order
    return torch.stack(keep) if keep else torch.empty(0, dtype=torch.long, device=boxes.device)
