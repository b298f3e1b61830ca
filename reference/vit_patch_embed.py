import torch
from torch import nn


class PatchEmbed(nn.Module):
    def __init__(self, img_size: int, patch_size: int, in_chans: int, embed_dim: int):
        super().__init__()
        self.patch_size = patch_size
        n = (img_size // patch_size) ** 2
        self.proj = nn.Linear(in_chans * patch_size ** 2, embed_dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.randn(1, 1 + n, embed_dim) * 0.02)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, C, H, W = x.shape
        p = self.patch_size
        x = x.view(B, C, H // p, p, W // p, p).permute(0, 2, 4, 1, 3, 5)   # (B, H/p, W/p, C, p, p)
        patches = x.reshape(B, -1, C * p * p)            # row-major patches, each ordered (C, p, p)
        tokens = self.proj(patches)                      # (B, N, D)
        cls = self.cls_token.expand(B, -1, -1)           # one class token per image, no copy
        return torch.cat([cls, tokens], dim=1) + self.pos_embed
