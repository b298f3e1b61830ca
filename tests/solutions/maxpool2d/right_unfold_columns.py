import torch
import torch.nn.functional as F


def max_pool2d(x, kernel_size, stride=None, padding=0):
    """F.unfold pads with zeros, so pad with -inf first and unfold without padding."""
    if stride is None:
        stride = kernel_size
    N, C, H, W = x.shape
    H_out = (H + 2 * padding - kernel_size) // stride + 1
    W_out = (W + 2 * padding - kernel_size) // stride + 1
    xp = F.pad(x, [padding] * 4, mode="constant", value=float("-inf"))
    cols = F.unfold(xp, kernel_size, stride=stride)                 # (N, C*k*k, H_out*W_out)
    cols = cols.view(N, C, kernel_size * kernel_size, H_out * W_out)
    return cols.max(dim=2).values.view(N, C, H_out, W_out)
