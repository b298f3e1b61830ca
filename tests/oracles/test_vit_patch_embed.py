import pytest
import torch
import torch.nn.functional as F

from reference.vit_patch_embed import PatchEmbed


def by_conv(pe: PatchEmbed, x: torch.Tensor) -> torch.Tensor:
    """The usual ViT stem: a conv with kernel = stride = patch_size whose weight is proj's, viewed
    as (D, C, p, p); its output map flattened row by row; the class token first; the positions."""
    B, C = x.shape[:2]
    p, D = pe.patch_size, pe.proj.out_features
    tokens = F.conv2d(x, pe.proj.weight.view(D, C, p, p), pe.proj.bias, stride=p).flatten(2).transpose(1, 2)
    return torch.cat([pe.cls_token.expand(B, -1, -1), tokens], dim=1) + pe.pos_embed


def by_unfold(pe: PatchEmbed, x: torch.Tensor) -> torch.Tensor:
    p = pe.patch_size
    tokens = F.linear(F.unfold(x, p, stride=p).transpose(1, 2), pe.proj.weight, pe.proj.bias)
    return torch.cat([pe.cls_token.expand(x.shape[0], -1, -1), tokens], dim=1) + pe.pos_embed


@pytest.mark.parametrize("img,p", [(4, 2), (6, 2), (6, 3), (3, 1), (4, 4), (16, 4), (32, 8)])
@pytest.mark.parametrize("B,C,D", [(1, 1, 2), (2, 3, 6), (3, 2, 16)])
def test_agrees_with_a_strided_conv_and_with_unfold(img, p, B, C, D):
    torch.manual_seed(img * 10 + p)
    pe = PatchEmbed(img, p, C, D)
    with torch.no_grad():
        pe.cls_token.normal_()
    x = torch.randn(B, C, img, img) * 3
    out = pe(x)
    assert out.shape == (B, 1 + (img // p) ** 2, D)
    torch.testing.assert_close(out, by_conv(pe, x), rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(out, by_unfold(pe, x), rtol=1e-5, atol=1e-5)


def test_class_token_first_and_patches_row_major():
    pe = PatchEmbed(4, 2, 1, 4)
    with torch.no_grad():
        pe.proj.weight.copy_(torch.eye(4))
        pe.proj.bias.zero_()
        pe.cls_token.fill_(-1.0)
        pe.pos_embed.zero_()
    out = pe(torch.arange(16.0).view(1, 1, 4, 4))[0]
    assert out[0].tolist() == [-1.0] * 4
    assert out[1:].tolist() == [[0, 1, 4, 5], [2, 3, 6, 7], [8, 9, 12, 13], [10, 11, 14, 15]]


def test_gradients_agree_with_the_conv_stem():
    torch.manual_seed(1)
    pe = PatchEmbed(8, 4, 3, 5)
    x = torch.randn(2, 3, 8, 8, requires_grad=True)
    up = torch.randn(2, 5, 5)
    leaves = [x] + list(pe.parameters())
    mine = torch.autograd.grad(pe(x), leaves, up)
    theirs = torch.autograd.grad(by_conv(pe, x), leaves, up)
    for a, b in zip(mine, theirs):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-5)
