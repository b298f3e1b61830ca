import torch


def conv2d(x, weight, bias=None, stride=1, padding=0):
    """im2col by advanced indexing into a zero-padded copy."""
    N, C, H, W = x.shape
    O, _, kh, kw = weight.shape
    H_out = (H + 2 * padding - kh) // stride + 1
    W_out = (W + 2 * padding - kw) // stride + 1
    xp = x.new_zeros(N, C, H + 2 * padding, W + 2 * padding)
    xp[:, :, padding:padding + H, padding:padding + W] = x
    r = torch.arange(H_out, device=x.device)[:, None] * stride + torch.arange(kh, device=x.device)   # (H_out, kh)
    c = torch.arange(W_out, device=x.device)[:, None] * stride + torch.arange(kw, device=x.device)   # (W_out, kw)
    patches = xp[:, :, r[:, None, :, None], c[None, :, None, :]]        # (N, C, H_out, W_out, kh, kw)
    cols = patches.permute(0, 2, 3, 1, 4, 5).reshape(N, H_out * W_out, C * kh * kw)
    out = cols @ weight.reshape(O, C * kh * kw).t()                      # (N, H_out*W_out, O)
    if bias is not None:
        out = out + bias
    return out.transpose(1, 2).reshape(N, O, H_out, W_out)
