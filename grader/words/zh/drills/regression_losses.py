"""中文 text of the regression_losses drill."""
TEXT = {
    '(2, 3): mean over 6 elements':
        '(2, 3)：对 6 个元素取平均',
    '(4, 1): one column':
        '(4, 1)：只有一列',
    '16384 elements, mean':
        '16384 个元素，mean',
    '3-d input, default margin and reduction':
        '三维输入，默认的 margin 和 reduction',
    '3-d input, default parameter and reduction':
        '三维输入，默认的参数和 reduction',
    '3-d input, default reduction':
        '三维输入，默认的 reduction',
    'Hinge: (margin - target * scores).clamp(min=0); then reduce like the others.':
        'Hinge：(margin - target * scores).clamp(min=0)；然后像其他几个一样归约。',
    'Huber written as smooth L1 (quadratic part divided by delta, slope 1 outside): Huber is 0.5 · d² inside and delta · (|d| - delta / 2) outside, delta times smooth L1':
        'Huber 写成了 smooth L1（二次部分除以了 delta，外面斜率为 1）：Huber 在内部是 0.5 · d²，外面是 delta · (|d| - delta / 2)，即 smooth L1 的 delta 倍',
    "Huber's linear part without the - delta / 2: delta · (|d| - 0.5 · delta), so that the pieces meet at |d| = delta":
        'Huber 的线性部分少了 - delta / 2：应为 delta · (|d| - 0.5 · delta)，这样两段在 |d| = delta 处相接',
    "Huber's pieces swapped: quadratic for |d| <= delta, linear outside":
        'Huber 的两段写反了：|d| <= delta 时取二次，外面取线性',
    'Huber: 0.5 * d * d inside, delta * (d - 0.5 * delta) outside. Smooth L1 is Huber divided by beta: 0.5 * d * d / beta inside (d < beta), d - 0.5 * beta outside.':
        'Huber：内部为 0.5 * d * d，外面为 delta * (d - 0.5 * delta)。Smooth L1 是 Huber 除以 beta：内部（d < beta）为 0.5 * d * d / beta，外面为 d - 0.5 * beta。',
    'MSE halved: 0.5 · d² is the convention of some derivations; F.mse_loss is the plain mean of d²':
        'MSE 多乘了 0.5：0.5 · d² 是某些推导里的约定；F.mse_loss 就是 d² 的普通平均',
    "One helper for the three reductions: 'none' returns the elementwise losses, 'sum' their sum, and 'mean' their mean over every element (loss.mean(), not a per-row sum averaged over rows).":
        "三种归约写一个辅助函数：'none' 返回逐元素损失，'sum' 返回它们的和，'mean' 返回对所有元素的平均（loss.mean()，而不是先按行求和再对行取平均）。",
    '`beta` ignored (1 hard-coded)':
        '忽略了 `beta`（写死为 1）',
    '`delta` ignored (1 hard-coded)':
        '忽略了 `delta`（写死为 1）',
    '`margin` ignored (1 hard-coded)':
        '忽略了 `margin`（写死为 1）',
    "`reduction` ignored: 'none' returns the elementwise losses, 'sum' their sum, 'mean' their mean":
        "忽略了 `reduction`：'none' 返回逐元素损失，'sum' 返回它们的和，'mean' 返回它们的平均",
    'a 0-d tensor':
        '0 维张量',
    'a loss computed in place on its inputs (pred.sub_(target)): work on new tensors':
        '在输入上原地计算损失（pred.sub_(target)）：应在新张量上计算',
    'beta = 0.5: both pieces':
        'beta = 0.5：两段都有',
    'beta = 1e-3: all linear, sum':
        'beta = 1e-3：全部在线性段，sum',
    'beta = 1e3: all quadratic':
        'beta = 1e3：全部在二次段',
    'beta = 2':
        'beta = 2',
    'beta = 3, mean':
        'beta = 3，mean',
    "d = (pred - target).abs(); pick each element's piece with torch.where(d <= delta, quadratic, linear). Both pieces are computed everywhere, and that is fine here: neither overflows.":
        'd = (pred - target).abs()；用 torch.where(d <= delta, quadratic, linear) 为每个元素选一段。两段在所有位置都会计算，这里没有问题：两者都不会溢出。',
    'delta = 0.5: both pieces':
        'delta = 0.5：两段都有',
    'delta = 1e-3: all linear, sum':
        'delta = 1e-3：全部在线性段，sum',
    'delta = 1e3: all quadratic':
        'delta = 1e3：全部在二次段',
    'delta = 2':
        'delta = 2',
    'delta = 3, mean':
        'delta = 3，mean',
    'hinge without the max(0, ·): scores beyond the margin must cost 0, not a negative loss':
        'hinge 少了 max(0, ·)：超出 margin 的 scores 损失应为 0，而不是负的',
    'huber(d, delta) = delta · smooth_l1(d, beta=delta): no division inside, slope delta outside.':
        'huber(d, delta) = delta · smooth_l1(d, beta=delta)：内部不做除法，外面斜率为 delta。',
    'margin 0 (the perceptron loss)':
        'margin 为 0（感知机损失）',
    'margin 0.5, mean':
        'margin 为 0.5，mean',
    'margin 2':
        'margin 为 2',
    "reduction='mean' averages per-row sums (loss.sum(-1).mean()): the mean is over every element, loss.mean()":
        "reduction='mean' 对每行的和取了平均（loss.sum(-1).mean()）：应该对所有元素取平均，即 loss.mean()",
    "reduction='mean' gave {0}, the mean of the {1} reduction='none' losses is {2}":
        "reduction='mean' 得到 {0}，而 {1} 个 reduction='none' 损失的平均是 {2}",
    "reduction='mean' returns the sum: the mean divides by the number of elements":
        "reduction='mean' 返回的是和：平均要除以元素个数",
    "reduction='none'":
        "reduction='none'",
    "reduction='none' returned shape {0}: it is the elementwise losses, of the inputs' shape {1}":
        "reduction='none' 返回的形状是 {0}：它应是逐元素损失，形状与输入相同，为 {1}",
    "reduction='sum'":
        "reduction='sum'",
    "reduction='sum' gave {0}, the sum of the reduction='none' losses is {1}":
        "reduction='sum' 得到 {0}，而 reduction='none' 各项损失之和是 {1}",
    'reduction={0} returned shape {1}: it is a 0-dim tensor':
        'reduction={0} 返回的形状是 {1}：应是 0 维张量',
    'reduction={0} returned {1}, not a tensor':
        'reduction={0} 返回了 {1}，不是张量',
    'reductions agree':
        '各种归约结果一致',
    'scores near ±1e4':
        '接近 ±1e4 的 scores',
    'smooth L1 written as Huber (slope beta outside, no division inside): smooth L1 is 0.5 · d² / beta inside and |d| - beta / 2 outside':
        'smooth L1 写成了 Huber（外面斜率为 beta，内部没做除法）：smooth L1 在内部是 0.5 · d² / beta，外面是 |d| - beta / 2',
    "smooth L1's quadratic part not divided by beta: 0.5 · d² / beta, so that it meets |d| - beta / 2 at |d| = beta":
        'smooth L1 的二次部分没有除以 beta：应为 0.5 · d² / beta，这样它在 |d| = beta 处与 |d| - beta / 2 相接',
    'smooth_l1(d, beta) = huber(d, delta=beta) / beta: divide the quadratic part by beta, and the linear part has slope 1.':
        'smooth_l1(d, beta) = huber(d, delta=beta) / beta：二次部分除以 beta，线性部分斜率为 1。',
    "the prompt's example":
        '题目中的示例',
    'the rows':
        '行数',
    'values near ±1e4':
        '接近 ±1e4 的值',
}
