import torch.nn.functional as F

EXPECT = {
    'runs': 'bias=None not handled (adding None)',
}


def conv2d(x, weight, bias=None, stride=1, padding=0):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    H_out = (H + 2 * padding - kh) // stride + 1
    W_out = (W + 2 * padding - kw) // stride + 1
    cols = F.unfold(x, (kh, kw), padding=padding, stride=stride)
    out = weight.reshape(O, -1) @ cols + bias[:, None]
    return out.view(N, O, H_out, W_out)
