import torch.nn.functional as F

EXPECT = {
    'values': 'kernel flipped (a true convolution): conv2d is cross-correlation, out[i, j] = Σ weight[a, b] · x[i·stride + a, j·stride + b], weight as it is',
}


def conv2d(x, weight, bias=None, stride=1, padding=0):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    H_out = (H + 2 * padding - kh) // stride + 1
    W_out = (W + 2 * padding - kw) // stride + 1
    cols = F.unfold(x, (kh, kw), padding=padding, stride=stride)
    kernel = weight.flip(2, 3)                     # convolution flips the kernel
    out = kernel.reshape(O, -1) @ cols
    if bias is not None:
        out = out + bias.view(1, O, 1)
    return out.view(N, O, H_out, W_out)
