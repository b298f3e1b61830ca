import torch.nn.functional as F

EXPECT = {
    'values': "columns flattened in another order than the weight: weight.view(O, -1) runs over (C, kh, kw), so each window must too (F.unfold's order)",
}


def conv2d(x, weight, bias=None, stride=1, padding=0):
    O, C, kh, kw = weight.shape
    xp = F.pad(x, (padding, padding, padding, padding))
    patches = xp.unfold(2, kh, stride).unfold(3, kw, stride)      # (N, C, H_out, W_out, kh, kw)
    N, _, H_out, W_out = patches.shape[:4]
    cols = patches.permute(0, 2, 3, 4, 5, 1).reshape(N, H_out * W_out, kh * kw * C)   # (kh, kw, C)
    out = cols @ weight.reshape(O, -1).T
    if bias is not None:
        out = out + bias
    return out.permute(0, 2, 1).reshape(N, O, H_out, W_out)
