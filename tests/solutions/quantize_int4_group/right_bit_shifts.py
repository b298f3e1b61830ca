import torch


def quantise(w, group_size):
    rows, cols = w.shape
    groups = w.reshape(rows * cols // group_size, group_size)
    lo = groups.min(dim=1).values.clamp(max=0.0)
    hi = groups.max(dim=1).values.clamp(min=0.0)
    span = hi - lo
    scale = torch.where(span > 0, span / 15.0, torch.ones_like(span))
    zero = (-lo / scale).round()
    q = (groups / scale[:, None]).round().add(zero[:, None]).clamp(0, 15).to(torch.uint8).reshape(rows, cols)
    packed = torch.bitwise_or(q[:, ::2], torch.bitwise_left_shift(q[:, 1::2], 4))
    return packed, scale.reshape(rows, -1), zero.to(torch.uint8).reshape(rows, -1)


def dequantise(packed, scale, zero, group_size):
    low = torch.bitwise_and(packed, 15)
    high = torch.bitwise_right_shift(packed, 4)
    q = torch.stack((low, high), dim=2).flatten(1).float()
    rows = q.shape[0]
    q = q.view(rows, -1, group_size) - zero.float().unsqueeze(2)
    return (q.to(scale.dtype) * scale.unsqueeze(2)).view(rows, -1)
