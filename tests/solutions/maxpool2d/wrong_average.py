import torch.nn.functional as F

EXPECT = {
    'values': 'the mean of each window (average pooling) instead of its maximum',
}


def max_pool2d(x, kernel_size, stride=None, padding=0):
    stride = kernel_size if stride is None else stride
    x = F.pad(x, (padding, padding, padding, padding), value=float("-inf"))
    windows = x.unfold(2, kernel_size, stride).unfold(3, kernel_size, stride)
    return windows.mean(dim=(-2, -1))
