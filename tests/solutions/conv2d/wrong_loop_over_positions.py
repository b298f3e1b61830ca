import torch
import torch.nn.functional as F

EXPECT = {
    'no loop': '',
}


def conv2d(x, weight, bias=None, stride=1, padding=0):
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    H_out = (H + 2 * padding - kh) // stride + 1
    W_out = (W + 2 * padding - kw) // stride + 1
    xp = F.pad(x, (padding, padding, padding, padding))
    w = weight.reshape(O, -1)
    rows = []
    for i in range(H_out):
        row = []
        for j in range(W_out):
            patch = xp[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw].reshape(N, -1)
            row.append(patch @ w.T)                  # (N, O)
        rows.append(torch.stack(row, -1))
    out = torch.stack(rows, -2)                      # (N, O, H_out, W_out)
    if bias is not None:
        out = out + bias[:, None, None]
    return out
