"""ViT patch embedding 图像块嵌入

Write the module `PatchEmbed(img_size, patch_size, in_chans, embed_dim)`: the input layer of a
Vision Transformer. It cuts an image into patches, flattens and projects each patch to a token,
puts a learned class token first, and adds learned position embeddings.

- `x` is `(B, in_chans, img_size, img_size)`; `img_size` is divisible by `patch_size` = p.
  There are N = (img_size // p) ** 2 patches.
- Patch order: ROW-MAJOR over the grid of patches — patch (row 0, col 0), (row 0, col 1), ...,
  then row 1, ... Patch (i, j) covers x[:, :, i·p:(i+1)·p, j·p:(j+1)·p].
- A patch's vector has in_chans·p·p values in the order (C, p, p): channel 0's p·p pixels row
  by row, then channel 1's, ... (CHANNELS FIRST: F.unfold's order, and that of a conv weight
  (embed_dim, C, p, p) flattened).
- Parameters (names and shapes are fixed; the grader loads its own values into them):
    proj       nn.Linear(in_chans·p·p, embed_dim): weight (embed_dim, in_chans·p·p), bias (embed_dim,)
    cls_token  nn.Parameter (1, 1, embed_dim), zeros to start
    pos_embed  nn.Parameter (1, 1 + N, embed_dim), small random values to start (0.02·randn)
- forward returns `(B, 1 + N, embed_dim)`:
      tokens = proj(patches)                                   (B, N, embed_dim)
      out    = cat([cls_token for every image, tokens], dim=1) + pos_embed
  The class token is token 0 (FIRST); pos_embed[:, 0] is its position, pos_embed[:, 1 + k]
  that of patch k.
- The output has x's dtype and device; gradients flow to x and every parameter; x is not
  modified.
- No Python loop over the images or the patches: reshape/permute (or F.unfold) and one
  projection. Do not call F.conv2d or nn.Conv2d: the drill is to cut the patches.

Example (img_size 4, patch_size 2, in_chans 1, embed_dim 2):
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
        # TODO: super().__init__(), keep patch_size, `proj`, `cls_token`, `pos_embed`
        # (about 6 lines)
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # TODO: cut into (B, N, C·p·p) patches in row-major order, (C, p, p) inside, project,
        # prepend the class token, add the positions (about 7 lines)
        raise NotImplementedError
