import torch


def quantise(w: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    amax = w.abs().amax(dim=1)                                         # (out,): one range per output channel
    scale = torch.where(amax > 0, amax / 127, torch.ones_like(amax))   # an all-zero row: scale 1 by rule
    q = torch.round(w / scale[:, None]).clamp(-127, 127)              # symmetric: -128 is never used
    return q.to(torch.int8), scale


def dequantise(q: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    return q.to(scale.dtype) * scale[:, None]                          # row r times scale[r]


def int8_matmul(x: torch.Tensor, q: torch.Tensor, scale: torch.Tensor) -> torch.Tensor:
    x_q, x_scale = quantise(x.reshape(-1, x.shape[-1]))                # every row of x gets its own scale
    # integer products summed in float32 at least: exact while |sum| < 2**24 (float16 overflows past
    # 65504, and GPUs have no int32 matmul)
    exact = torch.promote_types(x.dtype, torch.float32)
    acc = x_q.to(exact) @ q.to(exact).T                                # (N, out)
    y = acc * x_scale[:, None] * scale                                 # fold both scales back
    return y.to(x.dtype).reshape(*x.shape[:-1], q.shape[0])
