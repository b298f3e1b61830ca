import torch

EXPECT = {
    'device (emulated)': 'tensor created on a hard-coded device',
}


def max_pool2d(x, kernel_size, stride=None, padding=0):
    stride = kernel_size if stride is None else stride
    N, C, H, W = x.shape
    xp = torch.full((N, C, H + 2 * padding, W + 2 * padding), float("-inf"), dtype=x.dtype)
    xp[:, :, padding:padding + H, padding:padding + W] = x
    windows = xp.unfold(2, kernel_size, stride).unfold(3, kernel_size, stride)
    return windows.amax(dim=(-2, -1))
