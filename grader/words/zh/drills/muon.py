"""中文 text of the muon drill."""
TEXT = {
    '(256, 64), entries near ±1e4':
        '(256, 64)，元素接近 ±1e4',
    '1 x 4 and 5 x 1; lr 0.1, weight decay 0.5; 3 calls from an empty state':
        '1 x 4 和 5 x 1；lr 0.1，权重衰减 0.5；从空 state 开始调用 3 次',
    '2 calls from an empty state':
        '从空 state 开始调用 2 次',
    '30 steps; 30 calls from an empty state':
        '30 次迭代；从空 state 开始调用 30 次',
    'For G of shape (rows, cols) with rows > cols, iterate on X = G.T (wide), so X @ X.T is (cols, cols), and return X.T.':
        '对形状为 (rows, cols) 且 rows > cols 的 G，在 X = G.T（宽矩阵）上迭代，这样 X @ X.T 是 (cols, cols)，最后返回 X.T。',
    'G not normalised by its Frobenius norm first: singular values above 1 blow up in the quintic':
        'G 没有先除以 Frobenius 范数：大于 1 的奇异值在五次多项式中会爆炸',
    'Gram matrix on the small side':
        'Gram 矩阵建在较小的一侧',
    'Nesterov used although nesterov=False: then the update is the buffer itself':
        'nesterov=False 却用了 Nesterov：这时更新量就是缓冲本身',
    'One iteration: A = X @ X.T; X = a * X + (b * A + c * A @ A) @ X. Loop exactly `steps` times.':
        '一次迭代：A = X @ X.T；X = a * X + (b * A + c * A @ A) @ X。正好循环 `steps` 次。',
    '`steps` ignored: iterate exactly `steps` times':
        '忽略了 `steps`：应正好迭代 `steps` 次',
    'a gradient modified in place: work on new tensors (g.lerp, not g.lerp_)':
        '原地修改了梯度：应在新张量上操作（g.lerp，不是 g.lerp_）',
    'a tall matrix transposed but not transposed back: newton_schulz returns the shape of G':
        '高矩阵转置后没有转回来：newton_schulz 应返回与 G 相同的形状',
    'a wide and a tall param, defaults; 3 calls from an empty state':
        '一个宽参数和一个高参数，默认超参数；从空 state 开始调用 3 次',
    'all zeros: the 1e-7 keeps 0 / 0 away':
        '全零：1e-7 避免了 0 / 0',
    "computed in bfloat16 (as the speedrun's code does): work and return in G's dtype":
        '用 bfloat16 计算（speedrun 的代码就是这样）：应使用并返回 G 的 dtype',
    'entries near 1e-3':
        '元素接近 1e-3',
    'gradients near 1e-3; 3 calls from an empty state':
        '梯度接近 1e-3；从空 state 开始调用 3 次',
    'in-place update of a leaf that requires grad outside torch.no_grad()':
        '在 torch.no_grad() 之外原地更新了 requires grad 的叶子张量',
    "momentum buffer summed (buf = momentum · buf + g, SGD's): Muon's buffer is the average buf.lerp_(g, 1 - momentum)":
        '动量缓冲用了累加（buf = momentum · buf + g，SGD 的做法）：Muon 的缓冲是加权平均 buf.lerp_(g, 1 - momentum)',
    'momentum not Nesterov as asked: with nesterov=True the update is (1 - momentum) · g + momentum · buf (the updated buffer), not the buffer itself':
        '要求 Nesterov 动量却没有用：nesterov=True 时更新量是 (1 - momentum) · g + momentum · buf（更新后的缓冲），而不是缓冲本身',
    'muon_step: buffers start at zeros_like(p). buf.lerp_(g, 1 - momentum); u = g.lerp(buf, momentum) if nesterov else buf. Under torch.no_grad(), in place: p.mul_(1 - lr * weight_decay); p.add_(O, alpha=-lr * scale).':
        'muon_step：缓冲从 zeros_like(p) 开始。buf.lerp_(g, 1 - momentum)；u = g.lerp(buf, momentum) if nesterov else buf。在 torch.no_grad() 下原地更新：p.mul_(1 - lr * weight_decay)；p.add_(O, alpha=-lr * scale)。',
    'nesterov=False, momentum 0.9; 4 calls from an empty state':
        'nesterov=False，momentum 0.9；从空 state 开始调用 4 次',
    "newton_schulz of a ({0}, {1}) matrix built an intermediate of {2} elements (from {3}), more than G's {4}: the Gram matrix X Xᵀ must be ({5}, {6}), so iterate on the wide orientation":
        '对 ({0}, {1}) 矩阵做 newton_schulz 时构造了 {2} 个元素的中间张量（来自 {3}），多于 G 的 {4} 个：Gram 矩阵 X Xᵀ 应是 ({5}, {6})，所以要在宽矩阵方向上迭代',
    'newton_schulz of a ({0}, {1}) matrix should be ({2}, {3}), got {4}':
        '对 ({0}, {1}) 矩阵做 newton_schulz 应得到 ({2}, {3})，实际得到 {4}',
    'newton_schulz: transpose a tall G first so X is wide, and X @ X.T is the small (r, r) Gram matrix; divide by X.norm() + 1e-7 (the Frobenius norm) before iterating; transpose back at the end.':
        'newton_schulz：先把高的 G 转置，让 X 是宽矩阵，X @ X.T 就是较小的 (r, r) Gram 矩阵；迭代前除以 X.norm() + 1e-7（Frobenius 范数）；最后再转置回来。',
    'no 1e-7 in the normalisation: a zero matrix gives 0 / 0 = NaN; divide by X.norm() + 1e-7':
        '归一化时没有加 1e-7：零矩阵会得到 0 / 0 = NaN；应除以 X.norm() + 1e-7',
    'one column, small entries':
        '一列，元素很小',
    'one row':
        '一行',
    "params not updated in place: the caller's tensors must change (p.mul_, p.add_, ...)":
        '参数没有原地更新：调用方的张量必须改变（p.mul_、p.add_ 等）',
    "scale = max(1, rows / cols) ** 0.5 from p's own shape (rows = p.shape[0]); O = newton_schulz(u, ns_steps).":
        'scale = max(1, rows / cols) ** 0.5，用 p 自己的形状（rows = p.shape[0]）；O = newton_schulz(u, ns_steps)。',
    'scale factor from the transposed shape: sqrt(max(1, rows / cols)) of the PARAM (tall matrices get the larger step)':
        '缩放因子用了转置后的形状：应是参数本身的 sqrt(max(1, rows / cols))（高矩阵步长更大）',
    "scale factor left out: a tall (rows > cols) param's step is lr · sqrt(rows / cols) · O":
        '漏了缩放因子：高（rows > cols）参数的更新步长是 lr · sqrt(rows / cols) · O',
    'singular values near 1':
        '奇异值接近 1',
    'square, 2 steps':
        '方阵，2 次迭代',
    'tall (7, 3), gradients near 100, 3 Newton–Schulz steps; 2 calls from an empty state':
        '高矩阵 (7, 3)，梯度接近 100，3 次 Newton–Schulz 迭代；从空 state 开始调用 2 次',
    'tall (9, 4)':
        '高矩阵 (9, 4)',
    'the Gram matrix built on the large side: transpose a tall matrix so that X Xᵀ is (min, min); the values are the same, the work and memory grow with max(rows, cols)²':
        'Gram 矩阵建在了较大的一侧：应把高矩阵转置，让 X Xᵀ 是 (min, min)；数值相同，但计算量和内存会随 max(rows, cols)² 增长',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example; 1 call from an empty state":
        '题目中的示例；从空 state 开始调用 1 次',
    'the rows':
        '行数',
    'the rows of a parameter':
        '参数的行数',
    'the singular values of newton_schulz(G) are all exactly 1: that is U Vᵀ from an SVD, not the quintic iteration (whose singular values land in about [0.7, 1.15])':
        'newton_schulz(G) 的奇异值全都正好是 1：那是由 SVD 得到的 U Vᵀ，而不是五次迭代（其奇异值落在约 [0.7, 1.15]）',
    'the singular values of newton_schulz(G) for a ({0}, {1}) G with singular values in [0.3, 3] are {2} .. {3}; five quintic steps with (a, b, c) = (3.4445, -4.7750, 2.0315) after the Frobenius normalisation put them in about [0.7, 1.15]':
        '对奇异值在 [0.3, 3] 内的 ({0}, {1}) 矩阵 G，newton_schulz(G) 的奇异值为 {2} .. {3}；经 Frobenius 归一化后，用 (a, b, c) = (3.4445, -4.7750, 2.0315) 做 5 步五次迭代，应把它们推到约 [0.7, 1.15]',
    'weight decay applied after the update, to the updated weights: decay first':
        '权重衰减在更新之后作用在了更新后的权重上：应先做衰减',
    'weight decay left out: p *= 1 - lr · weight_decay before the update':
        '漏了权重衰减：更新前应 p *= 1 - lr · weight_decay',
    'wide (3, 7)':
        '宽矩阵 (3, 7)',
    'zero gradients: a zero update, no NaN; 2 calls from an empty state':
        '零梯度：零更新，不能出现 NaN；从空 state 开始调用 2 次',
}
