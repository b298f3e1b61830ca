import torch
import torch.nn.functional as F

EXPECT = {
    'shape': 'padding applied to the width only: F.pad(x, (p, p)) pads the last dim; (p, p, p, p) pads H and W',
}


def conv2d(x, weight, bias=None, stride=1, padding=0):
    O, C, kh, kw = weight.shape
    xp = F.pad(x, (padding, padding))
    patches = xp.unfold(2, kh, stride).unfold(3, kw, stride)      # (N, C, H_out, W_out, kh, kw)
    N, _, H_out, W_out = patches.shape[:4]
    cols = patches.permute(0, 2, 3, 1, 4, 5).reshape(N, H_out * W_out, -1)
    out = cols @ weight.reshape(O, -1).T
    if bias is not None:
        out = out + bias
    return out.permute(0, 2, 1).reshape(N, O, H_out, W_out)
