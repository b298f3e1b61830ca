"""中文 text of the weight_init drill."""
TEXT = {
    '(1, 1)':
        '(1, 1)',
    "(128, 64), a = sqrt(5) (nn.Linear's init): gain sqrt(1/3)":
        '(128, 64)，a = sqrt(5)（nn.Linear 的初始化）：gain 为 sqrt(1/3)',
    '(256, 32): 8192 entries':
        '(256, 32)：8192 个元素',
    '(256, 32): fan_in 32, fan_out 256':
        '(256, 32)：fan_in 32，fan_out 256',
    '(32, 128), gain 0.5':
        '(32, 128)，gain 0.5',
    '(64, 96), relu with a = 1: gain sqrt(2)':
        '(64, 96)，relu 且 a = 1：gain 为 sqrt(2)',
    'A uniform U(-b, b) has variance b² / 3, so for a target std: b = sqrt(3) * std. Normal draws use the std itself.':
        '均匀分布 U(-b, b) 的方差是 b² / 3，所以对目标 std：b = sqrt(3) * std。正态采样直接用 std。',
    'Kaiming: gain = sqrt(2) for relu, sqrt(2 / (1 + a ** 2)) for leaky_relu; std = gain / sqrt(fan), fan picked by mode. Xavier: std = gain * sqrt(2 / (fan_in + fan_out)).':
        'Kaiming：relu 的 gain = sqrt(2)，leaky_relu 的为 sqrt(2 / (1 + a ** 2))；std = gain / sqrt(fan)，fan 由 mode 决定。Xavier：std = gain * sqrt(2 / (fan_in + fan_out))。',
    "`a` ignored: leaky_relu's gain is sqrt(2 / (1 + a²)), sqrt(2) only when a = 0":
        '忽略了 `a`：leaky_relu 的 gain 是 sqrt(2 / (1 + a²))，只有 a = 0 时才是 sqrt(2)',
    "`a` used with nonlinearity='relu': relu's gain is sqrt(2) whatever a":
        "nonlinearity='relu' 时用了 `a`：relu 的 gain 总是 sqrt(2)，与 a 无关",
    "`gain` ignored: Xavier's std is gain * sqrt(2 / (fan_in + fan_out))":
        '忽略了 `gain`：Xavier 的 std 是 gain * sqrt(2 / (fan_in + fan_out))',
    "`mode` ignored: mode='fan_out' divides by fan_out":
        "忽略了 `mode`：mode='fan_out' 时要除以 fan_out",
    'a conv weight (16, 8, 8, 8), gain 2':
        '卷积权重 (16, 8, 8, 8)，gain 2',
    'a conv weight (24, 8, 5, 5): fan_in 200':
        '卷积权重 (24, 8, 5, 5)：fan_in 200',
    "a conv weight (32, 16, 3, 3), mode='fan_out', relu: fan_out 288":
        "卷积权重 (32, 16, 3, 3)，mode='fan_out'，relu：fan_out 288",
    'a conv weight (4, 3, 2, 2)':
        '卷积权重 (4, 3, 2, 2)',
    'a conv1d weight (5, 7, 3)':
        'conv1d 权重 (5, 7, 3)',
    'an entry is {0} in absolute value, outside [-b, b] with b = sqrt(3) * std = {1}: uniform draws never leave their bound':
        '有一个元素的绝对值为 {0}，超出了 [-b, b]，其中 b = sqrt(3) * std = {1}：均匀采样永远不会超出边界',
    'expected a tensor, got {0}':
        '期望一个张量，得到的是 {0}',
    'fan_in = shape[1] * receptive, fan_out = shape[0] * receptive, receptive = math.prod(shape[2:]). A linear weight is (out_features, in_features): its fan_in is shape[1].':
        'fan_in = shape[1] * receptive，fan_out = shape[0] * receptive，receptive = math.prod(shape[2:])。线性层权重是 (out_features, in_features)：它的 fan_in 是 shape[1]。',
    'fan_in and fan_out swapped: a weight is (out_features, in_features, ...), so fan_in = shape[1] (times the receptive field) and fan_out = shape[0]':
        'fan_in 和 fan_out 弄反了：权重是 (out_features, in_features, ...)，所以 fan_in = shape[1]（乘以感受野），fan_out = shape[0]',
    'gain 3':
        'gain 3',
    "leaky_relu's gain with a instead of a²: sqrt(2 / (1 + a ** 2))":
        'leaky_relu 的 gain 用了 a 而不是 a²：应为 sqrt(2 / (1 + a ** 2))',
    'leaky_relu, a = 0.2':
        'leaky_relu，a = 0.2',
    "mode='fan_out'":
        "mode='fan_out'",
    'relu (a ignored)':
        'relu（忽略 a）',
    "the prompt's kind of call, a small (3, 2)":
        '题目中那样的调用，小形状 (3, 2)',
    'the receptive field left out of the fans: a conv weight (out, in, k, k) has fan_in = in * k * k and fan_out = out * k * k':
        'fan 没有乘感受野：卷积权重 (out, in, k, k) 的 fan_in = in * k * k，fan_out = out * k * k',
    'the rows':
        '行数',
    'the std used as the uniform bound: U(-b, b) has std b / sqrt(3), so b = sqrt(3) * std':
        '把 std 当成了均匀分布的边界：U(-b, b) 的 std 是 b / sqrt(3)，所以 b = sqrt(3) * std',
    'the uniform bound used as the normal std: a normal init draws with std = b / sqrt(3) itself':
        '把均匀分布的边界当成了正态分布的 std：正态初始化直接用 std = b / sqrt(3) 采样',
    'torch.empty(shape).uniform_(-b, b, generator=generator), or torch.randn(shape, generator=generator) * std.':
        'torch.empty(shape).uniform_(-b, b, generator=generator)，或 torch.randn(shape, generator=generator) * std。',
    'uniform entries within ±b':
        '均匀分布的元素都在 ±b 之内',
}
