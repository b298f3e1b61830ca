"""中文 text of the conv2d drill."""
TEXT = {
    '1x1 kernel: channel mixing, bias left out':
        '1x1 卷积核：通道混合，不带偏置',
    '64 channels: 576 products per output':
        '64 个通道：每个输出 576 次乘法',
    'Add bias[:, None] when bias is not None, then out.view(N, O, H_out, W_out).':
        'bias 不为 None 时加上 bias[:, None]，然后 out.view(N, O, H_out, W_out)。',
    'Count the windows along each axis: (H + 2·padding - kh) // stride + 1 — padding on both sides, floor division, and + 1 for the first window.':
        '数出每个方向上的窗口数：(H + 2·padding - kh) // stride + 1——两边都有 padding，向下取整的除法，再 + 1 算上第一个窗口。',
    'Cross-correlation: multiply the columns by the weight as it is (no flip): out = weight.view(O, -1) @ cols gives (N, O, H_out·W_out).':
        '互相关：直接用权重乘这些列（不翻转）：out = weight.view(O, -1) @ cols 得到 (N, O, H_out·W_out)。',
    "Deep learning 'convolution' is cross-correlation: slide the kernel as it is, no weight.flip(-2, -1).":
        '深度学习中的“卷积”其实是互相关：直接滑动卷积核，不要 weight.flip(-2, -1)。',
    'F.unfold(x, (kh, kw), padding=padding, stride=stride) gives the columns (N, C·kh·kw, H_out·W_out), each ordered (C, kh, kw) like weight.view(O, -1).':
        'F.unfold(x, (kh, kw), padding=padding, stride=stride) 给出列 (N, C·kh·kw, H_out·W_out)，每列的顺序为 (C, kh, kw)，与 weight.view(O, -1) 一致。',
    'Output size per axis: (H + 2·padding - kh) // stride + 1. Window (i, j) starts at row i·stride and column j·stride of the padded image.':
        '每个方向的输出大小：(H + 2·padding - kh) // stride + 1。窗口 (i, j) 从 padding 后图像的第 i·stride 行、第 j·stride 列开始。',
    'a 3x2 kernel on a 5x7 image, padding 1':
        '5x7 的图像上用 3x2 的卷积核，padding 1',
    'a 40x50 image':
        '40x50 的图像',
    'a kernel larger than the image, padding 1':
        '卷积核比图像大，padding 1',
    'an image of one row':
        '只有一行的图像',
    'bias not added':
        '没有加偏置',
    'bias=None not handled (adding None)':
        '没有处理 bias=None（加了 None）',
    "columns flattened in another order than the weight: weight.view(O, -1) runs over (C, kh, kw), so each window must too (F.unfold's order)":
        '列展平的顺序与权重不同：weight.view(O, -1) 的顺序是 (C, kh, kw)，所以每个窗口也必须如此（即 F.unfold 的顺序）',
    'inputs near ±1000':
        '接近 ±1000 的输入',
    'kernel as large as the image':
        '卷积核与图像一样大',
    'kernel flipped (a true convolution): conv2d is cross-correlation, out[i, j] = Σ weight[a, b] · x[i·stride + a, j·stride + b], weight as it is':
        '卷积核翻转了（真正的数学卷积）：conv2d 是互相关，out[i, j] = Σ weight[a, b] · x[i·stride + a, j·stride + b]，权重保持原样',
    'output size H_out / W_out computed wrongly: H_out = (H + 2·padding - kh) // stride + 1':
        '输出大小 H_out / W_out 算错了：H_out = (H + 2·padding - kh) // stride + 1',
    'padding 2 with a 3x3 kernel, stride 2':
        'padding 2，3x3 卷积核，stride 2',
    "padding added on one side only: F.pad's tuple is (left, right, top, bottom), so p on every side is (p, p, p, p)":
        '只在一边加了 padding：F.pad 的元组是 (left, right, top, bottom)，所以每一边都补 p 就是 (p, p, p, p)',
    'padding applied to the width only: F.pad(x, (p, p)) pads the last dim; (p, p, p, p) pads H and W':
        '只在宽度方向加了 padding：F.pad(x, (p, p)) 只填充最后一维；(p, p, p, p) 才会填充 H 和 W',
    'padding wider than the kernel: the border outputs are the bias alone':
        'padding 比卷积核还宽：边缘的输出只有偏置',
    'stride 2 that does not divide H - kh or W - kw (floor), bias=None':
        'stride 2 不能整除 H - kh 或 W - kw（向下取整），bias=None',
    'stride 3 > kernel 2: windows with gaps, padding 1':
        'stride 3 > 卷积核 2：窗口之间有间隔，padding 1',
    'the batch and the output positions':
        'batch 和输出位置数',
    "the prompt's example":
        '题目中的示例',
    "the prompt's second example":
        '题目中的第二个示例',
}
