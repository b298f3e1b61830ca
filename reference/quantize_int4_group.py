import torch


def quantise(w: torch.Tensor, group_size: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    out, n = w.shape
    groups = w.reshape(out, n // group_size, group_size)           # consecutive inputs of a row
    lo = groups.amin(dim=-1).clamp(max=0)                          # the range always holds 0.0
    hi = groups.amax(dim=-1).clamp(min=0)
    scale = torch.where(hi > lo, (hi - lo) / 15, torch.ones_like(hi))    # 16 levels, 15 steps
    zero = torch.round(-lo / scale)                                # integer step of 0.0, in [0, 15]
    q = (torch.round(groups / scale[..., None]) + zero[..., None]).clamp(0, 15)
    q = q.to(torch.uint8).reshape(out, n)
    packed = q[:, 0::2] | (q[:, 1::2] << 4)                        # even element in the low nibble
    return packed, scale, zero.to(torch.uint8)


def dequantise(packed: torch.Tensor, scale: torch.Tensor, zero: torch.Tensor, group_size: int) -> torch.Tensor:
    out = packed.shape[0]
    q = torch.stack([packed & 0x0F, packed >> 4], dim=-1)          # (out, n / 2, 2): low nibble first
    q = q.reshape(out, -1, group_size).to(scale.dtype)             # float before subtracting: uint8 wraps
    return ((q - zero.to(scale.dtype)[..., None]) * scale[..., None]).reshape(out, -1)
