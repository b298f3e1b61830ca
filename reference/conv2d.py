import torch
import torch.nn.functional as F


def conv2d(x: torch.Tensor, weight: torch.Tensor, bias: torch.Tensor | None = None, stride: int = 1,
           padding: int = 0) -> torch.Tensor:
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    H_out = (H + 2 * padding - kh) // stride + 1
    W_out = (W + 2 * padding - kw) // stride + 1
    # im2col: one column per output position, rows ordered (C, kh, kw) like weight.view(O, -1)
    cols = F.unfold(x, (kh, kw), padding=padding, stride=stride)   # (N, C*kh*kw, H_out*W_out)
    out = weight.reshape(O, -1) @ cols                              # (N, O, H_out*W_out)
    if bias is not None:
        out = out + bias[:, None]
    return out.view(N, O, H_out, W_out)
