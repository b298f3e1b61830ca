import torch.nn.functional as F

EXPECT = {
    'runs': 'output size H_out / W_out computed wrongly: H_out = (H + 2·padding - kh) // stride + 1',
}


def conv2d(x, weight, bias=None, stride=1, padding=0):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    H_out = (H + 2 * padding - kh) // stride        # forgot the first window
    W_out = (W + 2 * padding - kw) // stride
    cols = F.unfold(x, (kh, kw), padding=padding, stride=stride)
    out = weight.reshape(O, -1) @ cols
    if bias is not None:
        out = out + bias[:, None]
    return out.view(N, O, H_out, W_out)
