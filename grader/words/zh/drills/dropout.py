"""中文 text of the dropout drill."""
TEXT = {
    "1000 draws of a (2, 4) x, p = 0.7; the two rows of a draw dropped independently; with a draw's elements flattened, slot j < 4 is the pair (2j, 2j + 1) and slot 4 + j the pair (j, j + 4): 0 both dropped, 1 only the first kept, 2 only the second, 3 both kept":
        '对形状 (2, 4) 的 x 采样 1000 次，p = 0.7；每次采样中两行各自独立地丢弃；把一次采样的元素展平后，槽位 j < 4 是元素对 (2j, 2j + 1)，槽位 4 + j 是元素对 (j, j + 4)：0 表示两个都被丢弃，1 表示只保留第一个，2 表示只保留第二个，3 表示两个都保留',
    "1000 draws of a (4, 2) x, p = 0.5; neighbours in a row dropped independently; with a draw's elements flattened, slot j < 4 is the pair (2j, 2j + 1) and slot 4 + j the pair (j, j + 4): 0 both dropped, 1 only the first kept, 2 only the second, 3 both kept":
        '对形状 (4, 2) 的 x 采样 1000 次，p = 0.5；同一行中相邻元素各自独立地丢弃；把一次采样的元素展平后，槽位 j < 4 是元素对 (2j, 2j + 1)，槽位 4 + j 是元素对 (j, j + 4)：0 表示两个都被丢弃，1 表示只保留第一个，2 表示只保留第二个，3 表示两个都保留',
    "1000 draws of a (8,) x, p = 0.2; with a draw's elements flattened, slot j < 4 is the pair (2j, 2j + 1) and slot 4 + j the pair (j, j + 4): 0 both dropped, 1 only the first kept, 2 only the second, 3 both kept":
        '对形状 (8,) 的 x 采样 1000 次，p = 0.2；把一次采样的元素展平后，槽位 j < 4 是元素对 (2j, 2j + 1)，槽位 4 + j 是元素对 (j, j + 4)：0 表示两个都被丢弃，1 表示只保留第一个，2 表示只保留第二个，3 表示两个都保留',
    '3-d input':
        '三维输入',
    'Inverted dropout: out = x * mask / (1 - p), so E[out] = x and eval needs no rescaling.':
        'Inverted dropout：out = x * mask / (1 - p)，于是 E[out] = x，推理时无需再缩放。',
    'Special cases first: `if not training or p == 0: return x`; `if p == 1: return torch.zeros_like(x)` (the general formula would divide 0 by 0).':
        '先处理特殊情况：`if not training or p == 0: return x`；`if p == 1: return torch.zeros_like(x)`（一般公式会算出 0 除以 0）。',
    'The mask: torch.rand(x.shape, generator=generator, device=x.device) >= p, or torch.empty_like(x).bernoulli_(1 - p, generator=generator). Pass `generator` to every random call.':
        '掩码：torch.rand(x.shape, generator=generator, device=x.device) >= p，或 torch.empty_like(x).bernoulli_(1 - p, generator=generator)。每个随机调用都要传入 `generator`。',
    'Training: keep each element with probability 1 - p (p is the probability of DROPPING it), and divide the survivors by 1 - p so the expected output is x.':
        '训练时：每个元素以概率 1 - p 保留（p 是丢弃它的概率），保留下来的元素除以 1 - p，使输出的期望为 x。',
    '`training` ignored: with training=False dropout is the identity':
        '忽略了 `training`：training=False 时 dropout 是恒等映射',
    'a 0-d tensor':
        '0 维张量',
    'd output / d x at {0} is {1} where the output is {2} for x = {3}: the gradient is 1 / (1 - p) through a survivor, 0 through a dropped element, 1 when dropout is off':
        '位置 {0} 处 d output / d x 为 {1}，该处 x = {3} 时输出为 {2}：经过保留元素的梯度是 1 / (1 - p)，经过被丢弃元素的是 0，关闭 dropout 时是 1',
    'd output / d x at {0} is {1} where the output is {2} for x = {3}: the gradient is 1 / (1 - p) through a survivor, 0 through a dropped element, 1 when dropout is off; no gradient reached x (detached, .data, or built under torch.no_grad?)':
        '位置 {0} 处 d output / d x 为 {1}，该处 x = {3} 时输出为 {2}：经过保留元素的梯度是 1 / (1 - p)，经过被丢弃元素的是 0，关闭 dropout 时是 1；没有梯度传到 x（是否 detach 了、用了 .data，或在 torch.no_grad 下构造的？）',
    'dropout that edits x in place':
        '原地修改了 x 的 dropout',
    'dropout(p=1) drops every element: the output must be all zeros, got {0} non-zero elements':
        'dropout(p=1) 丢弃所有元素：输出必须全为零，却有 {0} 个非零元素',
    'dropout(p=1) drops every element: the output must be all zeros, got {0} non-zero elements (NaN: x * 0 / (1 - p) is 0/0)':
        'dropout(p=1) 丢弃所有元素：输出必须全为零，却有 {0} 个非零元素（NaN：x * 0 / (1 - p) 是 0/0）',
    'dropout(p={0}): output{1} is {2} for x = {3}; each element must be 0 (dropped) or x / (1 - p) = {4}':
        'dropout(p={0})：x = {3} 时 output{1} 为 {2}；每个元素必须是 0（被丢弃）或 x / (1 - p) = {4}',
    'dropout(training={0}, p={1}) must return x unchanged (no element dropped, none scaled), got {2} of {3} elements changed':
        'dropout(training={0}, p={1}) 必须原样返回 x（不丢弃、不缩放任何元素），{3} 个元素中却有 {2} 个被改变',
    'elements kept with probability p: p is the probability of DROPPING one (keep with probability 1 - p)':
        '元素以概率 p 保留：p 是丢弃元素的概率（保留概率为 1 - p）',
    "expected a tensor of x's shape {0}, got {1}":
        '期望得到与 x 形状 {0} 相同的张量，得到的是 {1}',
    "generator=None draws from torch's global RNG":
        'generator=None 时从 torch 的全局 RNG 采样',
    'gradient 1 / (1 - p) through survivors':
        '经过保留元素的梯度为 1 / (1 - p)',
    'identity when training=False or p = 0':
        'training=False 或 p = 0 时为恒等映射',
    'one element':
        '只有一个元素',
    "one mask shared by every row: each element is dropped on its own (a mask of x's whole shape)":
        '所有行共用一个掩码：每个元素应各自独立地丢弃（掩码形状与 x 完全相同）',
    'p = 0 keeps everything':
        'p = 0 时全部保留',
    'p = 0.001':
        'p = 0.001',
    'p = 0.99, inputs near ±1e4':
        'p = 0.99，输入接近 ±1e4',
    'p = 1 divides by zero: return zeros':
        'p = 1 时除以零：应返回全零',
    'p = 1 drops everything':
        'p = 1 时全部丢弃',
    'p = 1 gives NaN (x * 0 / (1 - p) is 0/0): return zeros':
        'p = 1 时得到 NaN（x * 0 / (1 - p) 是 0/0）：应返回全零',
    'return x * mask / (1 - p)   # a new tensor: x itself is left alone':
        'return x * mask / (1 - p)   # 生成新张量：不改动 x 本身',
    'survivors not scaled (divide them by 1 - p so that the expected output is x)':
        '保留的元素没有缩放（要除以 1 - p，使输出的期望为 x）',
    'survivors scaled by (1 - p) instead of 1 / (1 - p)':
        '保留的元素乘的是 (1 - p)，而不是 1 / (1 - p)',
    'survivors x / (1 - p), the others 0':
        '保留的元素为 x / (1 - p)，其余为 0',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'training=False is the identity':
        'training=False 时为恒等映射',
    'training=False with p = 1 is still the identity':
        'training=False 时即使 p = 1 也是恒等映射',
    "with generator=None, calls after torch.manual_seed(1) and torch.manual_seed(2) dropped the same elements: without a generator, draw from torch's global RNG, not from a generator of your own":
        'generator=None 时，在 torch.manual_seed(1) 和 torch.manual_seed(2) 之后的两次调用丢弃了相同的元素：没有 generator 时，要从 torch 的全局 RNG 采样，而不是用你自己建的 generator',
    "with generator=None, two calls after torch.manual_seed(1) dropped different elements: without a generator, draw from torch's global RNG (pass generator=None on to torch.rand or bernoulli_)":
        'generator=None 时，在 torch.manual_seed(1) 之后的两次调用丢弃了不同的元素：没有 generator 时，要从 torch 的全局 RNG 采样（把 generator=None 原样传给 torch.rand 或 bernoulli_）',
    'zeros when p = 1':
        'p = 1 时为全零',
}
