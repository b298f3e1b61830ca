import torch
import torch.nn.functional as F

EXPECT = {
    'shape': "padding added on one side only: F.pad's tuple is (left, right, top, bottom), so p on every side is (p, p, p, p)",
}


def conv2d(x, weight, bias=None, stride=1, padding=0):
    O, C, kh, kw = weight.shape
    xp = F.pad(x, (padding, 0, padding, 0))         # left and top
    patches = xp.unfold(2, kh, stride).unfold(3, kw, stride)      # (N, C, H_out, W_out, kh, kw)
    out = torch.einsum("ncijab,ocab->noij", patches, weight)
    if bias is not None:
        out = out + bias[None, :, None, None]
    return out
