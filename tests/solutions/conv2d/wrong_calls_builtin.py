import torch.nn.functional as F

EXPECT = {
    'banned calls': '',
}


def conv2d(x, weight, bias=None, stride=1, padding=0):
    return F.conv2d(x, weight, bias, stride=stride, padding=padding)
