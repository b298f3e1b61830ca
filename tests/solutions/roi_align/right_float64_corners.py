import torch


def roi_align(input, rois, output_size, spatial_scale=1.0, sampling_ratio=2):
    N, C, H, W = input.shape
    ph, pw = output_size
    s = sampling_ratio
    K = rois.shape[0]
    r = rois.detach().double()
    b = r[:, 0].long()
    x_start, y_start = r[:, 1] * spatial_scale - 0.5, r[:, 2] * spatial_scale - 0.5
    bin_w = (r[:, 3] * spatial_scale - 0.5 - x_start) / pw
    bin_h = (r[:, 4] * spatial_scale - 0.5 - y_start) / ph
    p = torch.arange(ph, dtype=torch.float64, device=r.device).view(1, ph, 1, 1, 1)
    iy = torch.arange(s, dtype=torch.float64, device=r.device).view(1, 1, s, 1, 1)
    q = torch.arange(pw, dtype=torch.float64, device=r.device).view(1, 1, 1, pw, 1)
    ix = torch.arange(s, dtype=torch.float64, device=r.device).view(1, 1, 1, 1, s)
    y = y_start.view(K, 1, 1, 1, 1) + p * bin_h.view(K, 1, 1, 1, 1) + (iy + 0.5) * bin_h.view(K, 1, 1, 1, 1) / s
    x = x_start.view(K, 1, 1, 1, 1) + q * bin_w.view(K, 1, 1, 1, 1) + (ix + 0.5) * bin_w.view(K, 1, 1, 1, 1) / s
    y, x = torch.broadcast_tensors(y, x)                 # (K, ph, s, pw, s)
    outside = (y < -1) | (y > H) | (x < -1) | (x > W)
    y, x = y.clamp(min=0), x.clamp(min=0)
    y_low, x_low = y.floor().long(), x.floor().long()
    at_last_row, at_last_col = y_low >= H - 1, x_low >= W - 1
    y_low = torch.where(at_last_row, H - 1, y_low)
    x_low = torch.where(at_last_col, W - 1, x_low)
    y_high = torch.where(at_last_row, H - 1, y_low + 1)
    x_high = torch.where(at_last_col, W - 1, x_low + 1)
    ly = torch.where(at_last_row, 0.0, y - y_low)
    lx = torch.where(at_last_col, 0.0, x - x_low)
    hy, hx = 1 - ly, 1 - lx
    maps = input.permute(0, 2, 3, 1)                     # (N, H, W, C)
    bb = b.view(K, 1, 1, 1, 1)

    def corner(yi, xi):
        return maps[bb, yi, xi].double()                 # (K, ph, s, pw, s, C)
    val = (hy * hx)[..., None] * corner(y_low, x_low) + (hy * lx)[..., None] * corner(y_low, x_high) \
        + (ly * hx)[..., None] * corner(y_high, x_low) + (ly * lx)[..., None] * corner(y_high, x_high)
    val = val.masked_fill(outside[..., None], 0.0)
    return val.mean(dim=(2, 4)).permute(0, 3, 1, 2).to(input.dtype)
