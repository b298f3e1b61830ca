"""正弦位置编码 Sinusoidal positional encoding

实现 `sinusoidal_pe(seq_len, d_model)`："Attention Is All You Need" 中的固定位置编码，加到
token embedding 上，让模型知道每个 token 在哪个位置。

    PE[pos, 2i]     = sin(pos / 10000^(2i / d_model))
    PE[pos, 2i + 1] = cos(pos / 10000^(2i / d_model))        for i = 0 .. d_model/2 - 1

- `seq_len` 和 `d_model` 是整数（d_model 为偶数）；位置为 0 .. seq_len - 1。返回形状为
  (seq_len, d_model) 的 float32 张量。
- 交错排列：偶数维放 sin，奇数维放 cos，第 2i 维和第 2i + 1 维共用一个频率。而不是先放全部
  sin、再放全部 cos。
- 指数是 2i / d_model，其中 i 是维度对的下标（所以第 2i 维和第 2i + 1 维都用
  10000^(2i / d_model)）；频率从 1 一直降到接近 1/10000。
- 不要对位置或维度写 Python 循环：用外积构造 (seq_len, d_model / 2) 的角度表，再取 sin 和 cos。

示例（d_model = 4：频率为 1 和 1/100）:
    >>> sinusoidal_pe(3, 4)
    tensor([[ 0.0000,  1.0000,  0.0000,  1.0000],
            [ 0.8415,  0.5403,  0.0100,  0.9999],
            [ 0.9093, -0.4161,  0.0200,  0.9998]])
    # row 1: sin(1), cos(1), sin(1/100), cos(1/100)
"""
import torch


def sinusoidal_pe(seq_len: int, d_model: int) -> torch.Tensor:
    # TODO: 位置 (S, 1) 乘以频率 10000^(-2i/d) (d/2,)，然后偶数维取 sin，
    # 奇数维取 cos（约 5 行）
    raise NotImplementedError
