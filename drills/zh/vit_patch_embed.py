"""图像块嵌入 ViT patch embedding

实现模块 `PatchEmbed(img_size, patch_size, in_chans, embed_dim)`：Vision Transformer 的输入层。
它把图像切成图像块（patch），把每个块展平并投影成一个 token，在最前面放一个可学习的 class token，
再加上可学习的位置编码。

- `x` 的形状是 `(B, in_chans, img_size, img_size)`；`img_size` 能被 `patch_size` = p 整除。
  共有 N = (img_size // p) ** 2 个块。
- 块的顺序：在块网格上按行优先（ROW-MAJOR）——块 (第 0 行, 第 0 列)、(第 0 行, 第 1 列)、……，
  然后第 1 行、…… 块 (i, j) 覆盖 x[:, :, i·p:(i+1)·p, j·p:(j+1)·p]。
- 一个块的向量有 in_chans·p·p 个值，顺序为 (C, p, p)：先是通道 0 的 p·p 个像素（逐行），
  然后是通道 1 的，……（通道在前：与 F.unfold 的顺序相同，也与卷积权重 (embed_dim, C, p, p)
  展平后的顺序相同）。
- 参数（名字和形状是固定的；评分器会把自己的值载入其中）：
    proj       nn.Linear(in_chans·p·p, embed_dim): weight (embed_dim, in_chans·p·p), bias (embed_dim,)
    cls_token  nn.Parameter (1, 1, embed_dim), zeros to start
    pos_embed  nn.Parameter (1, 1 + N, embed_dim), small random values to start (0.02·randn)
- forward 返回 `(B, 1 + N, embed_dim)`：
      tokens = proj(patches)                                   (B, N, embed_dim)
      out    = cat([cls_token for every image, tokens], dim=1) + pos_embed
  class token 是第 0 个 token（放在最前）；pos_embed[:, 0] 是它的位置，pos_embed[:, 1 + k]
  是块 k 的位置。
- 输出的 dtype 和设备与 x 相同；梯度要能传到 x 和每个参数；不能修改 x。
- 不要对图像或块写 Python 循环：用 reshape/permute（或 F.unfold）加一次投影。不要调用 F.conv2d
  或 nn.Conv2d：这道题就是要你自己切块。

示例（img_size 4，patch_size 2，in_chans 1，embed_dim 2）:
    >>> pe = PatchEmbed(4, 2, 1, 2)
    >>> pe.proj.weight.data = torch.tensor([[1.0, 0.0, 0.0, 0.0],     # a patch's first pixel
    ...                                     [0.0, 0.0, 0.0, 1.0]])    # and its last
    >>> pe.proj.bias.data = torch.zeros(2)
    >>> pe.cls_token.data = torch.tensor([[[-1.0, -1.0]]])
    >>> pe.pos_embed.data = 0.1 * torch.arange(5.0).view(1, 5, 1).expand(1, 5, 2)
    >>> pe(torch.arange(16.0).view(1, 1, 4, 4)).detach()
    tensor([[[-1.0000, -1.0000],
             [ 0.1000,  5.1000],
             [ 2.2000,  7.2000],
             [ 8.3000, 13.3000],
             [10.4000, 15.4000]]])
    # patches (row-major): [0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]
"""
import torch
from torch import nn


class PatchEmbed(nn.Module):
    def __init__(self, img_size: int, patch_size: int, in_chans: int, embed_dim: int):
        # TODO: super().__init__()，保存 patch_size，`proj`、`cls_token`、`pos_embed`
        # （约 6 行）
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: 按行优先切成 (B, N, C·p·p) 的块，块内顺序为 (C, p, p)，做投影，
        # 在前面拼上 class token，加上位置编码（约 7 行）
        raise NotImplementedError
