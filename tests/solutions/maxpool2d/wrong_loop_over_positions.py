import torch
import torch.nn.functional as F

EXPECT = {
    'no loop': '',
}


def max_pool2d(x, kernel_size, stride=None, padding=0):
    stride = kernel_size if stride is None else stride
    N, C, H, W = x.shape
    H_out = (H + 2 * padding - kernel_size) // stride + 1
    W_out = (W + 2 * padding - kernel_size) // stride + 1
    xp = F.pad(x, (padding, padding, padding, padding), value=float("-inf"))
    out = []
    for i in range(H_out):
        for j in range(W_out):
            window = xp[:, :, i * stride:i * stride + kernel_size, j * stride:j * stride + kernel_size]
            out.append(window.flatten(2).max(-1).values)
    return torch.stack(out, -1).view(N, C, H_out, W_out)
