"""中文 text of the vit_patch_embed drill."""
TEXT = {
    '3 channels, a 2x2 grid of 4x4 patches':
        '3 个通道，2x2 网格的 4x4 块',
    'After view(B, C, H/p, p, W/p, p), permute(0, 2, 4, 1, 3, 5): the channel axis (1) comes before the two pixel axes (3, 5).':
        'view(B, C, H/p, p, W/p, p) 之后做 permute(0, 2, 4, 1, 3, 5)：通道维 (1) 放在两个像素维 (3, 5) 之前。',
    'a 32x32 image in 16 patches of 8x8, embed_dim 64':
        '32x32 图像切成 16 个 8x8 块，embed_dim 64',
    'a 3x3 grid of 2x2 patches, 2 channels':
        '3x3 网格的 2x2 块，2 个通道',
    'a patch flattened channels last (p, p, C): the order is (C, p, p), channels first, as F.unfold and a conv weight':
        '块按通道在后 (p, p, C) 展平：顺序应是 (C, p, p)，通道在前，与 F.unfold 和卷积权重一致',
    'changing pixel (0, {0}) of image 0 — patch {1} in row-major order — changed tokens {2}; it must change token {3} alone (token 0 is the class token)':
        '改动第 0 张图像的像素 (0, {0})（按行优先是块 {1}）改变了 token {2}；它应当只改变 token {3}（token 0 是 class token）',
    'class token appended last: it is token 0, before the patches':
        'class token 放在了最后：它应是 token 0，在所有块之前',
    'class token not expanded over the batch: cls_token.expand(B, -1, -1) before torch.cat':
        'class token 没有沿 batch 扩展：torch.cat 之前先 cls_token.expand(B, -1, -1)',
    'expected a (B, 1 + N, embed_dim) tensor':
        '应返回形状为 (B, 1 + N, embed_dim) 的张量',
    'one channel, a 2x2 grid of 3x3 patches':
        '1 个通道，2x2 网格的 3x3 块',
    'one patch covering the image':
        '一个块覆盖整张图像',
    'one patch, one token':
        '一个块，一个 token',
    'patches cut by a reshape alone: split H and W into (H/p, p) and (W/p, p) and permute before flattening':
        '只用 reshape 切块：应先把 H 和 W 拆成 (H/p, p) 和 (W/p, p)，permute 之后再展平',
    'patches in column-major order: the grid is read row by row (patch (0, 1) is token 2)':
        '块按列优先排列：网格应逐行读取（块 (0, 1) 是 token 2）',
    'patches of one pixel':
        '单像素的块',
    'permute(0, 2, 4, 1, 3, 5) gives (B, H/p, W/p, C, p, p); reshape(B, N, C·p·p) flattens the grid row by row and each patch channels first. F.unfold(x, p, stride=p).transpose(1, 2) gives the same.':
        'permute(0, 2, 4, 1, 3, 5) 得到 (B, H/p, W/p, C, p, p)；reshape(B, N, C·p·p) 把网格逐行展平，每个块内通道在前。F.unfold(x, p, stride=p).transpose(1, 2) 结果相同。',
    'pixels near ±1000':
        '接近 ±1000 的像素',
    'position embeddings added to the patches only: pos_embed has 1 + N rows, row 0 for the class token':
        '位置编码只加在了块上：pos_embed 有 1 + N 行，第 0 行属于 class token',
    'position embeddings not added':
        '没有加位置编码',
    'the images and the patches':
        '图像数和块数',
    'the pixels of a patch flattened column by column: within a channel they go row by row':
        '块内像素按列展平：同一通道内应逐行展平',
    "the prompt's image (the grader's weights)":
        '题目中的图像（评分器的权重）',
    'tokens = self.proj(patches); cls = self.cls_token.expand(B, -1, -1); return torch.cat([cls, tokens], dim=1) + self.pos_embed':
        'tokens = self.proj(patches)；cls = self.cls_token.expand(B, -1, -1)；return torch.cat([cls, tokens], dim=1) + self.pos_embed',
    'x.view(B, C, H/p, p, W/p, p) splits both image axes into (patch index, pixel in patch). Then permute so the two patch indices come first, in row-major order (row, then column), followed by (C, p, p).':
        'x.view(B, C, H/p, p, W/p, p) 把图像的两个维度都拆成（块索引，块内像素）。然后 permute，让两个块索引按行优先（先行后列）排在前面，后面跟 (C, p, p)。',
}
