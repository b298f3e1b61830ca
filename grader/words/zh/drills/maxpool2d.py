"""中文 text of the maxpool2d drill."""
TEXT = {
    '64 channels of 32x32':
        '64 个 32x32 的通道',
    "F.pad(x, (p, p, p, p), value=float('-inf')): a padded position must never be the maximum.":
        "F.pad(x, (p, p, p, p), value=float('-inf'))：填充的位置永远不能是最大值。",
    "Pad with -inf, not zeros: F.pad(x, (p, p, p, p), value=float('-inf')) — the tuple is (left, right, top, bottom), so all four are needed.":
        "用 -inf 填充，而不是 0：F.pad(x, (p, p, p, p), value=float('-inf'))——元组是 (left, right, top, bottom)，所以四个都要写。",
    'a 50x40 image, k = 5':
        '50x40 的图像，k = 5',
    'an image of one row, padding 1':
        '只有一行的图像，padding 1',
    'if stride is None: stride = kernel_size.':
        'if stride is None: stride = kernel_size。',
    'k = 1: a strided subsample':
        'k = 1：按步长下采样',
    'k = 3, stride 2, padding 1, values below zero':
        'k = 3，stride 2，padding 1，值都小于零',
    'k = 4, padding 2 = k // 2':
        'k = 4，padding 2 = k // 2',
    'kernel as large as the image: the global max':
        '窗口与图像一样大：全局最大值',
    'output size H_out / W_out computed wrongly: H_out = (H + 2·padding - kernel_size) // stride + 1':
        '输出大小 H_out / W_out 算错了：H_out = (H + 2·padding - kernel_size) // stride + 1',
    'padded with zeros instead of -inf: a border window of negative values must return its largest value, not 0 (F.pad and F.unfold pad with zeros unless told)':
        '用 0 而不是 -inf 填充：全是负数的边缘窗口必须返回其中的最大值，而不是 0（F.pad 和 F.unfold 默认用 0 填充）',
    "padding added on one side only: F.pad's tuple is (left, right, top, bottom), so p on every side is (p, p, p, p)":
        '只在一边加了 padding：F.pad 的元组是 (left, right, top, bottom)，所以每一边都补 p 就是 (p, p, p, p)',
    'padding applied to the width only: F.pad(x, (p, p)) pads the last dim; (p, p, p, p) pads H and W':
        '只在宽度方向加了 padding：F.pad(x, (p, p)) 只填充最后一维；(p, p, p, p) 才会填充 H 和 W',
    'stride 3 > kernel 2: windows with gaps':
        'stride 3 > 窗口 2：窗口之间有间隔',
    'stride = kernel_size when stride is None. Output size per axis: (H + 2·padding - k) // stride + 1.':
        'stride 为 None 时 stride = kernel_size。每个方向的输出大小：(H + 2·padding - k) // stride + 1。',
    'stride left out (= 3), 7x8: floor division':
        '省略 stride（= 3），7x8：向下取整的除法',
    'stride=None (= 2)':
        'stride=None（= 2）',
    "stride=None taken as 1: PyTorch's default stride is kernel_size (windows side by side)":
        '把 stride=None 当成了 1：PyTorch 的默认 stride 是 kernel_size（窗口首尾相接）',
    'the batch, the channels and the output positions':
        'batch、通道数和输出位置数',
    'the mean of each window (average pooling) instead of its maximum':
        '取了每个窗口的均值（平均池化）而不是最大值',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, stride 1":
        '题目中的示例，stride 1',
    "the prompt's negative example: padding 1":
        '题目中全为负数的示例：padding 1',
    'values near -1e5: the padding must lose':
        '接近 -1e5 的值：填充值必须落败',
    'x.unfold(2, k, stride).unfold(3, k, stride) gives the windows (N, C, H_out, W_out, k, k); take .amax(dim=(-2, -1)).':
        'x.unfold(2, k, stride).unfold(3, k, stride) 给出窗口 (N, C, H_out, W_out, k, k)；再取 .amax(dim=(-2, -1))。',
    'channels pooled independently':
        '各通道各自池化',
}
