import torch
from torch import nn

EXPECT = {
    'no loop': '',
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
        tokens = []
        for i in range(H // p):
            for j in range(W // p):
                patch = x[:, :, i * p:(i + 1) * p, j * p:(j + 1) * p].reshape(B, -1)
                tokens.append(self.proj(patch))
        tokens = torch.stack(tokens, dim=1)
        return torch.cat([self.cls_token.expand(B, -1, -1), tokens], dim=1) + self.pos_embed
