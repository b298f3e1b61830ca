"""中文 text of the online_softmax drill."""
TEXT = {
    '500 keys':
        '500 个 key',
    'D_v != D':
        'D_v != D',
    'For a new score s: m_new = max(m, s). What you summed so far was measured against the old max, so multiply d and o by exp(m - m_new) (<= 1) before adding exp(s - m_new) and exp(s - m_new) * v_i.':
        '对新分数 s：m_new = max(m, s)。之前累加的量都是相对旧最大值算的，所以在加上 exp(s - m_new) 和 exp(s - m_new) * v_i 之前，先把 d 和 o 乘以 exp(m - m_new)（<= 1）。',
    'N':
        'N',
    'Only at the end: return o / d.':
        '只在最后：return o / d。',
    'Start from the first key: m = k[0] @ q, d = 1 (= exp(m - m)), o = v[0]. Then loop over the other keys.':
        '从第一个 key 开始：m = k[0] @ q，d = 1（= exp(m - m)），o = v[0]。然后对其余的 key 循环。',
    'all N scores held at once (k @ q then a softmax is the two-pass version): keep only m, d and o while visiting the keys':
        '同时保存了全部 N 个分数（先 k @ q 再 softmax 是两遍的版本）：遍历 key 时只维护 m、d 和 o',
    'all scores equal':
        '所有分数相等',
    'd and o not rescaled by exp(m_old - m_new) when the max changes':
        '最大值变化时 d 和 o 没有乘以 exp(m_old - m_new) 重新缩放',
    'forgot to divide by d at the end':
        '最后忘了除以 d',
    'no running max: exp of the raw scores overflows':
        '没有运行最大值：对原始分数取 exp 会溢出',
    'one key':
        '只有一个 key',
    'order of the keys does not matter':
        'key 的顺序不影响结果',
    'output is an average of the values':
        '输出是 value 的加权平均',
    'output[{0}] = {1} lies outside [{2}, {3}], the range of v[:, {4}]: the output is an average of the values, with weights summing to 1 (did you divide by d?)':
        'output[{0}] = {1} 超出了 v[:, {4}] 的范围 [{2}, {3}]：输出是 value 的加权平均，权重之和为 1（你除以 d 了吗？）',
    'rescaled by exp(m_new - m_old) instead of exp(m_old - m_new)':
        '用 exp(m_new - m_old) 而不是 exp(m_old - m_new) 重新缩放',
    'scores decrease: the max never changes':
        '分数递减：最大值从不变化',
    'scores increase: the max changes at every key':
        '分数递增：每个 key 都会改变最大值',
    'scores scaled by 1/sqrt(D): this drill uses the plain dot products k_i · q':
        '分数乘了 1/sqrt(D)：这道题用的是普通点积 k_i · q',
    'scores up to 1.5e4':
        '分数高达 1.5e4',
    'shuffling the (key, value) pairs changed the output by {0}: attention does not depend on the order of the keys':
        '打乱 (key, value) 对后输出变化了 {0}：注意力与 key 的顺序无关',
    'the accumulator o not rescaled by exp(m_old - m_new) when the max changes (d is)':
        '最大值变化时累加器 o 没有乘以 exp(m_old - m_new) 重新缩放（d 缩放了）',
    'the features of q and v':
        'q 和 v 的特征维度',
    'the keys seen so far summed again at every step (O(N²)): rescale the running d and o by exp(m_old - m_new) instead of recomputing them':
        '每一步都把目前见过的 key 重新求和（O(N²)）：应把运行中的 d 和 o 乘以 exp(m_old - m_new) 重新缩放，而不是重新计算',
    "the prompt's example":
        '题目中的示例',
    'the running sum d not rescaled by exp(m_old - m_new) when the max changes (o is)':
        '最大值变化时运行和 d 没有乘以 exp(m_old - m_new) 重新缩放（o 缩放了）',
    "torch.maximum(m, s) keeps everything a tensor on q's device; torch.tensor(float('-inf')) as a start value would be made on the CPU.":
        "torch.maximum(m, s) 让所有量都保持为 q 所在设备上的张量；用 torch.tensor(float('-inf')) 作初始值的话，它会建在 CPU 上。",
}
