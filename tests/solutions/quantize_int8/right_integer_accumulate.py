import torch


def quantise(w):
    amax = w.abs().max(dim=-1, keepdim=True).values
    scale = amax / 127.0
    scale = scale.masked_fill(amax == 0, 1.0)
    q = (w / scale).round().clamp(min=-127, max=127).to(torch.int8)
    return q, scale.squeeze(-1)


def dequantise(q, scale):
    return scale.unsqueeze(-1) * q


def int8_matmul(x, q, scale):
    rows = x.reshape(-1, x.shape[-1])
    x_q, x_scale = quantise(rows)
    if x.device.type == "cpu":
        acc = (x_q.to(torch.int32) @ q.to(torch.int32).t()).double()      # exact integer sums
    else:
        acc = x_q.to(torch.float32) @ q.to(torch.float32).t()
    out = acc * x_scale.unsqueeze(-1) * scale.unsqueeze(0)                 # folded before any half cast
    return out.to(x.dtype).view(*x.shape[:-1], q.shape[0])
