import torch.nn.functional as F

EXPECT = {
    'shape': "padding added on one side only: F.pad's tuple is (left, right, top, bottom), so p on every side is (p, p, p, p)",
}


def max_pool2d(x, kernel_size, stride=None, padding=0):
    stride = kernel_size if stride is None else stride
    x = F.pad(x, (0, padding, 0, padding), value=float("-inf"))   # right and bottom
    windows = x.unfold(2, kernel_size, stride).unfold(3, kernel_size, stride)
    return windows.amax(dim=(-2, -1))
