import torch
from torch import nn

EXPECT = {
    'values': 'class token appended last: it is token 0, before the patches',
    'one patch, one token': '',
}


class PatchEmbed(nn.Module):
    def __init__(self, img_size, patch_size, in_chans, embed_dim):
        super().__init__()
        self.patch_size = patch_size
        num_patches = (img_size // patch_size) ** 2
        self.proj = nn.Linear(in_chans * patch_size * patch_size, embed_dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.randn(1, num_patches + 1, embed_dim) * 0.02)

    def forward(self, x):
        B, C, H, W = x.shape
        p = self.patch_size
        x = x.reshape(B, C, H // p, p, W // p, p).permute(0, 2, 4, 1, 3, 5)
        tokens = self.proj(x.reshape(B, -1, C * p * p))
        cls = self.cls_token.expand(B, -1, -1)
        return torch.cat([tokens, cls], dim=1) + self.pos_embed
