"""RoIAlign with bilinear sampling 感兴趣区域对齐

Write `roi_align(input, rois, output_size, spatial_scale=1.0, sampling_ratio=2)`: Mask R-CNN's
RoIAlign with torchvision's semantics for `aligned=True` (torchvision.ops.roi_align).

- `input`: float `(N, C, H, W)` feature maps. `rois`: float `(K, 5)`, one box per row,
  `[batch_index, x1, y1, x2, y2]` in input-image coordinates (batch_index a whole number in
  [0, N); x1 <= x2, y1 <= y2; boxes may reach outside the map). K may be 0.
  `output_size`: a tuple `(ph, pw)` of ints >= 1. `spatial_scale`: a float > 0, the map's
  resolution relative to the image (1/16 for a stride-16 backbone). `sampling_ratio`: an int
  >= 1, the samples per bin along each axis (torchvision's adaptive -1 is not asked for).
- Returns `(K, C, ph, pw)` with input's dtype and device: box k is pooled from image
  `batch_index` of input.

For each box, in map coordinates, where pixel (i, j) covers [j, j + 1) x [i, i + 1) and its
value sits at its centre (aligned=True):
      x_start = x1 · spatial_scale − 0.5      x_end = x2 · spatial_scale − 0.5    (y alike)
      bin_w = (x_end − x_start) / pw          bin_h = (y_end − y_start) / ph
  No rounding anywhere. Bin (p, q) averages s·s samples (s = sampling_ratio) at
      y = y_start + p · bin_h + (iy + 0.5) · bin_h / s,    iy = 0 .. s − 1
      x = x_start + q · bin_w + (ix + 0.5) · bin_w / s,    ix = 0 .. s − 1
  (the centres of an s x s grid inside the bin). The value at (y, x) is bilinear:
  - if y < −1 or y > H or x < −1 or x > W (more than one pixel outside): 0 — and the sample
    still counts in the mean of s·s;
  - else clamp y to [0, H − 1] and x to [0, W − 1]; with y0 = floor(y), y1 = min(y0 + 1, H − 1),
    ly = y − y0 (x alike), the value is
      (1−ly)(1−lx)·v[y0, x0] + (1−ly)·lx·v[y0, x1] + ly·(1−lx)·v[y1, x0] + ly·lx·v[y1, x1].
- Gradients flow into `input` (graded); the boxes' gradient is not graded (torchvision's is
  none). The inputs are not modified. No Python loop over the boxes. Do not call torchvision.

Example:
    >>> x = torch.arange(12.0).view(1, 1, 3, 4)               # v[i, j] = 4i + j
    >>> roi_align(x, torch.tensor([[0.0, 1.0, 0.5, 3.0, 2.5]]), (2, 2))
    tensor([[[[3., 4.],
              [7., 8.]]]])
    # x from 0.5 to 2.5, y from 0 to 2: a linear map is sampled exactly, so each bin is
    # 4y + x at its centre (y, x) = (0.5, 1), (0.5, 2), (1.5, 1), (1.5, 2)
    >>> roi_align(x, torch.tensor([[0.0, 2.0, 1.0, 5.0, 3.5]]), (1, 2), sampling_ratio=1)
    tensor([[[[ 9.2500, 10.0000]]]])
    # y centre 1.75; x centres 2.25 and 3.75, which is past the last column: clamped to 3
    >>> roi_align(x, torch.tensor([[0.0, -2.0, -2.0, 2.0, 2.0]]), (1, 1))
    tensor([[[[0.6250]]]])
    # samples at y, x in {-1.5, 0.5}: three are more than one pixel outside (0); the fourth,
    # (0.5, 0.5), is (0 + 1 + 4 + 5) / 4 = 2.5; mean of four = 0.625
"""
import torch


def roi_align(input: torch.Tensor, rois: torch.Tensor, output_size: tuple[int, int], spatial_scale: float = 1.0,
              sampling_ratio: int = 2) -> torch.Tensor:
    # TODO: box corners in map coordinates (scale, then -0.5), the sample coordinates of every bin,
    # bilinear weights with the border rules, gather from each box's image, average each bin's
    # samples (about 20 lines)
    raise NotImplementedError
