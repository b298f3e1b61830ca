import torch.nn.functional as F

EXPECT = {
    'runs': 'output size H_out / W_out computed wrongly: H_out = (H + 2·padding - kernel_size) // stride + 1',
}


def max_pool2d(x, kernel_size, stride=None, padding=0):
    stride = kernel_size if stride is None else stride
    N, C, H, W = x.shape
    H_out = (H - kernel_size) // stride + 1                # the padding is not counted
    W_out = (W - kernel_size) // stride + 1
    xp = F.pad(x, (padding, padding, padding, padding), value=float("-inf"))
    cols = F.unfold(xp, kernel_size, stride=stride).view(N, C, kernel_size ** 2, -1)
    return cols.amax(dim=2).view(N, C, H_out, W_out)
