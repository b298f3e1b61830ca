"""分组INT4量化 Group-wise int4 quantisation

像 GPTQ 和 AWQ 的 checkpoint 那样，每个权重只用 4 bit 存储一个权重矩阵：沿输入维度，每
`group_size` 个连续权重为一组，每组有自己的 scale 和零点（非对称量化），每个字节打包两个 4 bit
的值。实现两个函数。

1. `quantise(w, group_size) -> (packed, scale, zero)`：`w` 形状为 (out_features, in_features)，
   浮点类型；`group_size` 整除 in_features，且 in_features 为偶数。第 r 行的第 j 组是
   w[r, j*group_size:(j+1)*group_size]。对每一组：
       lo    = min(min(group), 0)          the range always holds 0.0
       hi    = max(max(group), 0)
       scale = (hi - lo) / 15              16 levels, 15 steps; 1.0 for an all-zero group
       zero  = round(-lo / scale)          the integer step that stands for 0.0, in [0, 15]
       q     = clamp(round(w / scale) + zero, 0, 15)
   舍入到最近的整数（torch.round）；评测输入不会恰好落在两个整数的正中间。
   打包沿每一行进行：第 k 个字节的低半字节（bit 0-3）存 q[2k]，高半字节（bit 4-7）存 q[2k+1]，
   即 packed = q[2k] | (q[2k+1] << 4)。
   返回
       packed  (out_features, in_features // 2)           torch.uint8
       scale   (out_features, in_features // group_size)  w's dtype
       zero    (out_features, in_features // group_size)  torch.uint8
2. `dequantise(packed, scale, zero, group_size) -> w_hat`：把半字节解包回 q (out, in)，对每一组
   返回 (q - zero) * scale，形状为 (out, in)，dtype 与 scale 相同。每个权重还原后与 w 相差不超过
   半个步长（scale / 2）。
- 注意：在 uint8 下计算 q - zero，低于 0 时会回绕；先转成浮点数。
- 不要对行、组或元素写 Python 循环（有检查会统计你调用 torch 的次数）。不要修改输入；你创建的
  每个张量都要在输入所在的设备上。不要调用 torch 的量化例程（torch.ao.quantization、
  fake_quantize...）。

示例:
    >>> w = torch.tensor([[-1.0, 0.5, 2.0, 0.3], [0.3, 0.1, -0.6, -0.2]])
    >>> packed, scale, zero = quantise(w, group_size=2)
    >>> scale                  # groups [-1, 0.5] [2, 0.3] / [0.3, 0.1] [-0.6, -0.2]
    tensor([[0.1000, 0.1333],
            [0.0200, 0.0400]])
    >>> zero                   # round(1.0 / 0.1) = 10; a group >= 0 has zero 0
    tensor([[10,  0],
            [ 0, 15]], dtype=torch.uint8)
    >>> packed                 # q = [0, 15, 15, 2] / [15, 5, 0, 10]: 0 | 15 << 4 = 240
    tensor([[240,  47],
            [ 95, 160]], dtype=torch.uint8)
    >>> dequantise(packed, scale, zero, group_size=2)    # 0.3 comes back as 2 * 0.1333
    tensor([[-1.0000,  0.5000,  2.0000,  0.2667],
            [ 0.3000,  0.1000, -0.6000, -0.2000]])
"""
import torch


def quantise(w: torch.Tensor, group_size: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: 视为 (out, groups, group_size)，取包含 0 的范围，算 scale、zero、q，两两打包半字节
    # （约 10 行）
    raise NotImplementedError


def dequantise(packed: torch.Tensor, scale: torch.Tensor, zero: torch.Tensor, group_size: int) -> torch.Tensor:
    # TODO: 按顺序解包低、高半字节，减去零点，再乘以 scale，逐组进行
    # （约 5 行）
    raise NotImplementedError
