import torch
import torch.nn.functional as F


def roi_align(input, rois, output_size, spatial_scale=1.0, sampling_ratio=2):
    N, C, H, W = input.shape
    ph, pw = output_size
    s = sampling_ratio
    K = rois.shape[0]
    r = rois.detach().to(input.dtype)
    start = r[:, 1:3] * spatial_scale - 0.5              # (K, 2) as (x, y)
    extent = r[:, 3:5] * spatial_scale - 0.5 - start
    ty = (torch.arange(ph * s, dtype=r.dtype, device=r.device) + 0.5) / (ph * s)
    tx = (torch.arange(pw * s, dtype=r.dtype, device=r.device) + 0.5) / (pw * s)
    ys = start[:, 1, None] + ty * extent[:, 1, None]     # (K, ph*s)
    xs = start[:, 0, None] + tx * extent[:, 0, None]     # (K, pw*s)
    # align_corners=True puts -1 and 1 on the centres of the first and last pixels; "border" clamps
    norm_y = 2 * ys / (H - 1) - 1 if H > 1 else torch.zeros_like(ys)
    norm_x = 2 * xs / (W - 1) - 1 if W > 1 else torch.zeros_like(xs)
    gy = norm_y[:, :, None].expand(K, ph * s, pw * s)
    gx = norm_x[:, None, :].expand(K, ph * s, pw * s)
    grid = torch.stack([gx, gy], dim=-1)
    samples = F.grid_sample(input[r[:, 0].long()], grid, mode="bilinear", padding_mode="border", align_corners=True)
    keep = ((ys >= -1) & (ys <= H))[:, :, None] & ((xs >= -1) & (xs <= W))[:, None, :]
    samples = samples * keep[:, None].to(samples.dtype)
    return samples.view(K, C, ph, s, pw, s).mean(dim=(3, 5))
