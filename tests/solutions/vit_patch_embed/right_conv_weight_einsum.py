import torch
from torch import nn


class PatchEmbed(nn.Module):
    """The projection as a conv kernel (D, C, p, p) applied by einsum to non-overlapping patches."""

    def __init__(self, img_size, patch_size, in_chans, embed_dim):
        super().__init__()
        self.patch_size = patch_size
        self.proj = nn.Linear(in_chans * patch_size * patch_size, embed_dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(0.02 * torch.randn(1, 1 + (img_size // patch_size) ** 2, embed_dim))

    def forward(self, x):
        B, C, H, W = x.shape
        p = self.patch_size
        D = self.proj.out_features
        grid = x.unflatten(2, (H // p, p)).unflatten(4, (W // p, p))        # (B, C, h, p, w, p)
        kernel = self.proj.weight.view(D, C, p, p)
        tokens = torch.einsum("bchiwj,dcij->bhwd", grid, kernel).flatten(1, 2) + self.proj.bias
        out = torch.cat([self.cls_token.expand(B, 1, D), tokens], dim=1)
        return out + self.pos_embed
