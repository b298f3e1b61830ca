import torch.nn.functional as F

EXPECT = {
    'values': 'padded with zeros instead of -inf: a border window of negative values must return its largest value, not 0 (F.pad and F.unfold pad with zeros unless told)',
}


def max_pool2d(x, kernel_size, stride=None, padding=0):
    if stride is None:
        stride = kernel_size
    N, C, H, W = x.shape
    H_out = (H + 2 * padding - kernel_size) // stride + 1
    W_out = (W + 2 * padding - kernel_size) // stride + 1
    cols = F.unfold(x, kernel_size, padding=padding, stride=stride)     # (N, C*k*k, L)
    cols = cols.view(N, C, kernel_size * kernel_size, H_out * W_out)
    return cols.max(dim=2).values.view(N, C, H_out, W_out)
