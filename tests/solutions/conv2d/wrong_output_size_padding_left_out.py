import torch
import torch.nn.functional as F

EXPECT = {
    'shape': 'output size H_out / W_out computed wrongly: H_out = (H + 2·padding - kh) // stride + 1',
}


def conv2d(x, weight, bias=None, stride=1, padding=0):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    H_out = (H - kh) // stride + 1                 # the padding is not counted
    W_out = (W - kw) // stride + 1
    xp = F.pad(x, (padding, padding, padding, padding))
    rows = (torch.arange(H_out, device=x.device) * stride)[:, None] + torch.arange(kh, device=x.device)
    cols = (torch.arange(W_out, device=x.device) * stride)[:, None] + torch.arange(kw, device=x.device)
    # patches[n, c, i, j, a, b] = xp[n, c, rows[i, a], cols[j, b]]
    patches = xp[:, :, rows[:, None, :, None], cols[None, :, None, :]]
    out = torch.einsum("ncijab,ocab->noij", patches, weight)
    if bias is not None:
        out = out + bias[None, :, None, None]
    return out
