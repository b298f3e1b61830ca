import torch
import torch.nn.functional as F


def conv2d(x, weight, bias=None, stride=1, padding=0):
    """Sum over the kernel's offsets: each offset (a, b) is one strided slice of the padded image
    times weight[:, :, a, b]. The loop runs kh·kw times, whatever the image."""
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    H_out = (H + 2 * padding - kh) // stride + 1
    W_out = (W + 2 * padding - kw) // stride + 1
    xp = F.pad(x, (padding,) * 4)
    out = x.new_zeros(N, O, H_out, W_out)
    for a in range(kh):
        for b in range(kw):
            part = xp[:, :, a:a + stride * (H_out - 1) + 1:stride, b:b + stride * (W_out - 1) + 1:stride]
            out = out + torch.einsum("nchw,oc->nohw", part, weight[:, :, a, b])
    if bias is not None:
        out = out + bias.view(1, O, 1, 1)
    return out
