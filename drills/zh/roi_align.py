"""感兴趣区域对齐 RoIAlign with bilinear sampling

实现 `roi_align(input, rois, output_size, spatial_scale=1.0, sampling_ratio=2)`：Mask R-CNN 的
RoIAlign，语义与 torchvision 在 `aligned=True` 时相同（torchvision.ops.roi_align）。

- `input`：浮点特征图，形状 `(N, C, H, W)`。`rois`：浮点 `(K, 5)`，每行一个框，
  `[batch_index, x1, y1, x2, y2]`，坐标在输入图像坐标系中（batch_index 是 [0, N) 内的整数；
  x1 <= x2，y1 <= y2；框可以超出特征图）。K 可以是 0。
  `output_size`：整数元组 `(ph, pw)`，均 >= 1。`spatial_scale`：浮点数 > 0，特征图相对图像的分辨率
  （stride 为 16 的 backbone 就是 1/16）。`sampling_ratio`：整数 >= 1，每个 bin 沿每个轴的采样点数
  （不要求实现 torchvision 的自适应 -1）。
- 返回 `(K, C, ph, pw)`，dtype 和设备与 input 相同：第 k 个框从 input 的第 `batch_index`
  张图像上池化。

对每个框，在特征图坐标系中（像素 (i, j) 覆盖 [j, j + 1) x [i, i + 1)，其值位于像素中心，
即 aligned=True）：
      x_start = x1 · spatial_scale − 0.5      x_end = x2 · spatial_scale − 0.5    (y alike)
      bin_w = (x_end − x_start) / pw          bin_h = (y_end − y_start) / ph
  任何地方都不取整。bin (p, q) 对 s·s 个采样点取平均（s = sampling_ratio），采样点位于
      y = y_start + p · bin_h + (iy + 0.5) · bin_h / s,    iy = 0 .. s − 1
      x = x_start + q · bin_w + (ix + 0.5) · bin_w / s,    ix = 0 .. s − 1
  （即 bin 内 s x s 网格的各个中心）。(y, x) 处的值用双线性插值：
  - 若 y < −1 或 y > H 或 x < −1 或 x > W（在特征图外超过一个像素）：值为 0——且该采样点
    仍计入 s·s 个点的平均；
  - 否则把 y 截断到 [0, H − 1]、x 截断到 [0, W − 1]；令 y0 = floor(y)，y1 = min(y0 + 1, H − 1)，
    ly = y − y0（x 同理），值为
      (1−ly)(1−lx)·v[y0, x0] + (1−ly)·lx·v[y0, x1] + ly·(1−lx)·v[y1, x0] + ly·lx·v[y1, x1].
- 梯度要能传到 `input`（会评分）；框的梯度不评分（torchvision 的框没有梯度）。不能修改输入。
  不要对框写 Python 循环。不要调用 torchvision。

示例:
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
    # TODO: 把框的角点换到特征图坐标（先缩放，再 -0.5），算出每个 bin 的采样坐标，
    # 按边界规则求双线性权重，从每个框所属的图像上 gather，对每个 bin 的采样点取平均
    # （约 20 行）
    raise NotImplementedError
