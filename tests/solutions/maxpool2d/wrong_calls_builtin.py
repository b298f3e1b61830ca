import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def max_pool2d(x, kernel_size, stride=None, padding=0):
    return F.max_pool2d(x, kernel_size, stride, padding)
