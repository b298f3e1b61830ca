import torch
import torch.nn.functional as F
from torch import nn


class PatchEmbed(nn.Module):
    def __init__(self, img_size, patch_size, in_chans, embed_dim):
        super().__init__()
        self.p = patch_size
        self.proj = nn.Linear(in_chans * patch_size ** 2, embed_dim)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, embed_dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, (img_size // patch_size) ** 2 + 1, embed_dim))
        nn.init.trunc_normal_(self.pos_embed, std=0.02)

    def forward(self, x):
        patches = F.unfold(x, kernel_size=self.p, stride=self.p).transpose(1, 2)   # (B, N, C*p*p)
        tokens = F.linear(patches, self.proj.weight, self.proj.bias)
        cls = self.cls_token.repeat(x.shape[0], 1, 1)
        return torch.cat((cls, tokens), 1) + self.pos_embed
