"""中文 text of the quantize_int4_group drill."""
TEXT = {
    '(hi - lo) / 16: 4 bits give 16 levels, 0..15, so 15 steps: scale = (hi - lo) / 15':
        '(hi - lo) / 16：4 bit 有 16 个级别 0..15，所以是 15 个步长：scale = (hi - lo) / 15',
    'Packing: packed = q[:, 0::2] | (q[:, 1::2] << 4) — the even element in the low nibble.':
        '打包：packed = q[:, 0::2] | (q[:, 1::2] << 4)——偶数位置的元素放在低半字节。',
    'The even-indexed q goes in the LOW nibble: packed = q[:, 0::2] | (q[:, 1::2] << 4).':
        '偶数下标的 q 放在低半字节（不是高半字节）：packed = q[:, 0::2] | (q[:, 1::2] << 4)。',
    "Unpacking: torch.stack([packed & 15, packed >> 4], dim=-1).reshape(out, in) restores the order; convert to scale's dtype BEFORE subtracting zero, then (q - zero[..., None]) * scale[..., None] per group.":
        '解包：torch.stack([packed & 15, packed >> 4], dim=-1).reshape(out, in) 恢复原来的顺序；先转成 scale 的 dtype，再减去 zero，然后逐组计算 (q - zero[..., None]) * scale[..., None]。',
    'a 64 x 1024 weight, groups of 128':
        '64 x 1024 的权重，每组 128 个',
    'a zero point is {0}: it is a 4-bit step, in [0, 15]':
        '零点为 {0}：零点是一个 4 bit 的步数，应在 [0, 15] 内',
    'an all-zero group divides by zero (scale 0, NaN): give it scale 1':
        '全零的组除以了零（scale 为 0，得到 NaN）：给它 scale 1',
    "every weight within half a step, read back by the prompt's packing":
        '按题目的打包方式读回，每个权重误差都在半个步长以内',
    'expected {0} {1}{2}, got {3} {4}':
        '期望 {0} {1}{2}，实际得到 {3} {4}',
    'groups = w.reshape(out, in // group_size, group_size): the last dim is one group. lo = groups.amin(-1).clamp(max=0), hi = groups.amax(-1).clamp(min=0).':
        'groups = w.reshape(out, in // group_size, group_size)：最后一维是一组。lo = groups.amin(-1).clamp(max=0)，hi = groups.amax(-1).clamp(min=0)。',
    'groups along the wrong dim: a group is group_size consecutive weights of a ROW (along the input dim), scale (out, in // group_size)':
        '沿错误的维度分组：一组是同一行中 group_size 个连续的权重（沿输入维度），scale 形状为 (out, in // group_size)',
    'groups of 1: each weight is 0 or 15 steps':
        '每组 1 个：每个权重是 0 或 15 个步长',
    'groups of 4: mixed, all positive, all negative, all zero, tiny':
        '每组 4 个：正负混合、全正、全负、全零、极小值',
    'odd groups of 3':
        '每组 3 个（奇数）',
    "odd groups of 3: a byte holds two groups' nibbles":
        '每组 3 个（奇数）：一个字节装着两个组的半字节',
    'one byte per row':
        '每行一个字节',
    'one group per row, weights in the hundreds':
        '每行一组，权重为几百量级',
    'packing order: byte k holds q[2k] in its low nibble and q[2k+1] in its high nibble, packed = q[:, 0::2] | (q[:, 1::2] << 4)':
        '打包顺序：第 k 个字节的低半字节存 q[2k]，高半字节存 q[2k+1]，packed = q[:, 0::2] | (q[:, 1::2] << 4)',
    'q - zero computed in uint8, which wraps around below 0 (3 - 10 = 249): convert to a float first':
        '在 uint8 下计算 q - zero，低于 0 时会回绕（3 - 10 = 249）：先转成浮点数',
    'quantise should return (packed, scale, zero), got {0}':
        'quantise 应返回 (packed, scale, zero)，实际得到 {0}',
    'rounding by truncation: torch.round, not trunc or a cast':
        '用截断代替了舍入：要用 torch.round，而不是 trunc 或类型转换',
    'scale = (hi - lo) / 15 (torch.where(hi > lo, ..., 1.0)), zero = torch.round(-lo / scale); q = (torch.round(groups / scale[..., None]) + zero[..., None]).clamp(0, 15), back to (out, in), uint8.':
        'scale = (hi - lo) / 15（torch.where(hi > lo, ..., 1.0)），zero = torch.round(-lo / scale)；q = (torch.round(groups / scale[..., None]) + zero[..., None]).clamp(0, 15)，再变回 (out, in)，转为 uint8。',
    'scale and zero mixed up: return (packed, scale, zero) in that order':
        'scale 和 zero 弄混了：按 (packed, scale, zero) 的顺序返回',
    'scale and zero mixed up: the zero is a step, subtracted before scaling: (q - zero) * scale':
        'scale 和 zero 弄混了：零点是一个步数，要在乘 scale 之前减去：(q - zero) * scale',
    'scale and zero mixed up: the zero point is the integer step round(-lo / scale), uint8, not the float minimum':
        'scale 和 zero 弄混了：零点是整数步数 round(-lo / scale)，类型为 uint8，而不是浮点的最小值',
    "the groups' scales tiled (repeat) instead of each repeated over its own group (repeat_interleave)":
        '各组的 scale 被整体平铺（repeat），而不是各自在本组内重复（repeat_interleave）',
    "the prompt's example":
        '题目中的示例',
    'the range does not hold 0: lo = min(min(group), 0), hi = max(max(group), 0), so that 0.0 is exactly a step':
        '范围没有包含 0：lo = min(min(group), 0)，hi = max(max(group), 0)，这样 0.0 恰好落在一个步长上',
    'the rows and groups':
        '行数和组数',
    'two rows, groups of 8':
        '两行，每组 8 个',
    'uint8 arithmetic has no negative numbers: q.to(scale.dtype) - zero.to(scale.dtype).':
        'uint8 运算没有负数：q.to(scale.dtype) - zero.to(scale.dtype)。',
    'w.reshape(out, in // group_size, group_size): each row splits into groups of consecutive input weights, as a matmul reads them.':
        'w.reshape(out, in // group_size, group_size)：每一行按矩阵乘法读取的顺序，切成由连续输入权重组成的组。',
    "w[{0}, {1}] = {2} comes back as (q - zero) * scale = ({3} - {4}) * {5}, {6} away: more than half a step, reading byte {7}'s {8} nibble as the prompt packs it":
        'w[{0}, {1}] = {2} 还原为 (q - zero) * scale = ({3} - {4}) * {5}，相差 {6}：超过了半个步长（按题目的打包方式读取第 {7} 个字节的{8}半字节）',
    'weights near ±1e4':
        '接近 ±1e4 的权重',
    'low':
        '低',
    'high':
        '高',
}
