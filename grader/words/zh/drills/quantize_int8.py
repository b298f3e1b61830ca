"""中文 text of the quantize_int8 drill."""
TEXT = {
    '1024 input features':
        '1024 个输入特征',
    '64 input features: int8 sums overflow':
        '64 个输入特征：int8 求和会溢出',
    'Converting a float tensor to int8 cuts toward zero (2.9 -> 2): call torch.round before .to().':
        '把浮点张量转成 int8 会向零截断（2.9 -> 2）：在 .to() 之前先调用 torch.round。',
    'Each output channel (row) has its own range: amax = w.abs().amax(dim=1), one scale per row, so a row of small weights keeps its precision.':
        '每个输出通道（行）有自己的取值范围：amax = w.abs().amax(dim=1)，每行一个 scale，这样权重很小的行也能保住精度。',
    'One scale per row: amax = w.abs().amax(dim=1), scale = amax / 127, and where amax is 0 use 1 (torch.where). Broadcast it back with scale[:, None].':
        '每行一个 scale：amax = w.abs().amax(dim=1)，scale = amax / 127，amax 为 0 的地方用 1（torch.where）。用 scale[:, None] 把它广播回去。',
    'a 64 x 1024 weight':
        '64 x 1024 的权重',
    'a square weight':
        '方形的权重',
    'a square weight whose rows have different scales':
        '各行量级不同的方形权重',
    'a zero point on a symmetric scheme ((max - min) / 255 and an offset): symmetric int8 has no zero point, q = round(w / scale) with scale = max|w| / 127':
        '在对称方案里用了零点（(max - min) / 255 加一个偏移）：对称 int8 没有零点，q = round(w / scale)，其中 scale = max|w| / 127',
    'activations not quantised (x @ dequantised w): W8A8 quantises each row of x too, by the same rule':
        '激活没有量化（x @ 反量化后的 w）：W8A8 也要按同样的规则量化 x 的每一行',
    'all weights positive':
        '权重全为正',
    'an all-zero row':
        '有一行全为零',
    'an all-zero row (scale 1) and a row of tiny weights':
        '一行全零（scale 为 1）和一行极小的权重',
    'an all-zero row divides by zero (scale 0, NaN): give it scale 1':
        '全零的行会除以零（scale 为 0，得到 NaN）：给它 scale 1',
    'dequantise is q.to(scale.dtype) * scale[:, None].':
        'dequantise 就是 q.to(scale.dtype) * scale[:, None]。',
    'divides by the scale: dequantising multiplies, w_hat = q * scale':
        '除以了 scale：反量化是乘法，w_hat = q * scale',
    "each row's largest |w| maps to ±127":
        '每行 |w| 最大的元素映射为 ±127',
    'expected an output of shape {0}, got {1}':
        '输出形状应为 {0}，实际得到 {1}',
    'expected q ({0}, {1}) int8 and scale ({2},), got q {3} {4} and scale {5}':
        '应为 q ({0}, {1}) int8 和 scale ({2},)，实际得到 q {3} {4} 和 scale {5}',
    'int8_matmul: flatten x to (N, in), quantise it with your own quantise (rows are tokens), acc = x_q.float() @ q.float().T (float32 even for a float16 x: exact below 2**24), y = (acc * x_scale[:, None] * scale).to(x.dtype), then reshape to (*x.shape[:-1], out).':
        'int8_matmul：把 x 展平成 (N, in)，用你自己的 quantise 量化它（每行是一个 token），acc = x_q.float() @ q.float().T（即使 x 是 float16 也用 float32：低于 2**24 时是精确的），y = (acc * x_scale[:, None] * scale).to(x.dtype)，再 reshape 成 (*x.shape[:-1], out)。',
    'one scale for all of x (per-tensor): each row (token) of x gets its own scale':
        '整个 x 只用一个 scale（per-tensor）：x 的每行（token）要有自己的 scale',
    'one scale for the whole tensor (per-tensor) instead of one per output channel: amax over dim=1, one scale per row':
        '整个张量只用一个 scale（per-tensor），而不是每个输出通道一个：沿 dim=1 取 amax，每行一个 scale',
    'one scale per input channel (column, amax over dim=0) instead of per output channel (row)':
        '每个输入通道（列，沿 dim=0 取 amax）一个 scale，而不是每个输出通道（行）一个',
    'one weight':
        '只有一个权重',
    'output [{0}, {1}] (flattened rows) is {2} away from x @ dequantise(q, scale).T, more than rounding x to its int8 steps can explain ({3})':
        '输出 [{0}, {1}]（按展平后的行）与 x @ dequantise(q, scale).T 相差 {2}，超出了把 x 舍入到 int8 步长所能解释的范围（{3}）',
    "positive x and w, 64 features: sums near 2.5e5, past float16's 65504 (graded in float16 too)":
        '正的 x 和 w，64 个特征：和约为 2.5e5，超过了 float16 的 65504（也会在 float16 下检查）',
    'q = torch.round(w / scale[:, None]).clamp(-127, 127).to(torch.int8): round first, then convert. .to(torch.int8) alone truncates toward zero.':
        'q = torch.round(w / scale[:, None]).clamp(-127, 127).to(torch.int8)：先四舍五入，再转换。单独用 .to(torch.int8) 会向零截断。',
    'q holds {0}: a symmetric int8 scheme uses [-127, 127]':
        'q 中含有 {0}：对称 int8 方案用的是 [-127, 127]',
    'q left as a float tensor: convert it with .to(torch.int8)':
        'q 还是浮点张量：要用 .to(torch.int8) 转换',
    'quantise should return (q, scale), got {0}':
        'quantise 应返回 (q, scale)，实际得到 {0}',
    'rounding by truncation (.to(torch.int8) or .int() cut toward zero): torch.round first':
        '用截断代替了四舍五入（.to(torch.int8) 或 .int() 会向零截断）：先用 torch.round',
    "row {0}'s largest |q| is {1}, not 127: each output channel gets its own scale, max |w[{2}]| / 127":
        '第 {0} 行最大的 |q| 是 {1}，不是 127：每个输出通道有自己的 scale，即 max |w[{2}]| / 127',
    'rows of x of very different sizes, and an all-zero row':
        'x 各行的量级相差很大，还有一行全零',
    "the activations' scale not folded back: y = acc * x_scale[:, None] * scale":
        '没有把激活的 scale 乘回去：y = acc * x_scale[:, None] * scale',
    'the int8 products summed in int8, which overflows: accumulate in float32 (exact below 2**24) or int32':
        'int8 乘积在 int8 下求和，会溢出：应在 float32（低于 2**24 时精确）或 int32 下累加',
    "the integer products summed in x's half dtype: float16 overflows past 65504 and bfloat16 rounds; accumulate in float32 (exact below 2**24)":
        '整数乘积在 x 的半精度 dtype 下求和：float16 超过 65504 会溢出，bfloat16 会有舍入；应在 float32 下累加（低于 2**24 时精确）',
    "the prompt's example":
        '题目中的示例',
    'the range taken as [-128, 127] (scale = max|w| / 128, clamp(-128, 127)): a symmetric scheme uses [-127, 127], scale = max|w| / 127':
        '取值范围用了 [-128, 127]（scale = max|w| / 128，clamp(-128, 127)）：对称方案用的是 [-127, 127]，scale = max|w| / 127',
    'the rows':
        '行数',
    'the rows of x':
        'x 的行数',
    'the scale broadcast along the wrong dim (scale[None, :] scales columns): row r is multiplied by scale[r], scale[:, None]':
        'scale 沿错误的维度广播了（scale[None, :] 缩放的是列）：第 r 行应乘以 scale[r]，即 scale[:, None]',
    "the weights' scale not folded back: y = acc * x_scale[:, None] * scale":
        '没有把权重的 scale 乘回去：y = acc * x_scale[:, None] * scale',
    'two leading dims':
        '两个前导维度',
    'values near ±1e3':
        '数值接近 ±1e3',
    'w[{0}, {1}] = {2} came back as q * scale = {3} * {4}, {5} away: more than half a step ({6}). Round to the nearest step':
        'w[{0}, {1}] = {2} 还原成了 q * scale = {3} * {4}，相差 {5}：超过了半个步长（{6}）。应舍入到最近的步长',
    'weights in the hundreds':
        '权重在几百量级',
    'weights near ±1e4':
        '权重接近 ±1e4',
    'within [-127, 127] and half a step of w':
        '在 [-127, 127] 内且与 w 相差不超过半个步长',
    "within the activations' rounding of x @ dequantised w":
        '与 x @ 反量化后的 w 之差在激活舍入误差之内',
    'x rounded by truncation (.to(torch.int8) cuts toward zero): torch.round first':
        'x 用截断代替了四舍五入（.to(torch.int8) 会向零截断）：先用 torch.round',
    'x with no leading dim: a vector':
        'x 没有前导维度：是一个向量',
}
