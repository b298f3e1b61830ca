"""中文 text of the layernorm_backward drill."""
TEXT = {
    '(2, 3, 5): dgamma and dbeta sum over both leading dims':
        '(2, 3, 5)：dgamma 和 dbeta 要对两个前导维度都求和',
    '(4, 6)':
        '(4, 6)',
    'Let g = dout * gamma = dL/dxhat. xhat_i = (x_i - mean) * rstd, and both mean and rstd depend on every x_j: dx_j = rstd * (g_j - sum_i g_i / d) + (path through rstd).':
        '令 g = dout * gamma = dL/dxhat。xhat_i = (x_i - mean) * rstd，而 mean 和 rstd 都依赖于每个 x_j：dx_j = rstd * (g_j - sum_i g_i / d) +（经过 rstd 的路径）。',
    "Recompute the forward's pieces first: mean, the biased var, rstd = 1 / sqrt(var + eps), xhat. Then dbeta = dout summed over every vector, dgamma = (dout * xhat) summed the same way: reshape to (-1, d) and sum(0).":
        '先重新算出前向的各个量：mean、有偏的 var、rstd = 1 / sqrt(var + eps)、xhat。然后 dbeta = dout 对所有向量求和，dgamma = (dout * xhat) 同样求和：reshape 成 (-1, d) 再 sum(0)。',
    'a large common offset: 1000 + N(0, 1)':
        '很大的公共偏移：1000 + N(0, 1)',
    'a mean of 20':
        '均值为 20',
    'a square (5, 5) input':
        '方形的 (5, 5) 输入',
    'along a random direction L = sum(dout * layer_norm(x)) changes at rate {0} (central differences of F.layer_norm in float64), but your (dx, dgamma, dbeta) give {1}':
        '沿一个随机方向，L = sum(dout * layer_norm(x)) 的变化率是 {0}（在 float64 下对 F.layer_norm 做中心差分），但你的 (dx, dgamma, dbeta) 给出的是 {1}',
    'd = 1: xhat is 0':
        'd = 1：xhat 为 0',
    'd rstd / d x_j = -rstd³ (x_j - mean) / d, so the variance path adds -xhat_j * mean(g * xhat) * rstd.':
        'd rstd / d x_j = -rstd³ (x_j - mean) / d，所以方差这条路径会加上 -xhat_j * mean(g * xhat) * rstd。',
    'dgamma and dbeta summed over dim 0 only: sum over every leading dim (reshape(-1, d).sum(0))':
        'dgamma 和 dbeta 只对第 0 维求和：应对所有前导维度求和（reshape(-1, d).sum(0)）',
    'dgamma from x instead of xhat: dgamma = sum(dout * xhat)':
        'dgamma 用了 x 而不是 xhat：dgamma = sum(dout * xhat)',
    'dx = (g - g.mean(-1, keepdim=True) - xhat * (g * xhat).mean(-1, keepdim=True)) * rstd':
        'dx = (g - g.mean(-1, keepdim=True) - xhat * (g * xhat).mean(-1, keepdim=True)) * rstd',
    'dx sums to 0 over each vector':
        'dx 在每个向量上的和为 0',
    "dx sums to {0} over a vector, not 0: adding a constant to a vector leaves LayerNorm's output unchanged, so dL/dx must sum to 0 over each vector. The path through the mean (- mean(g) with g = dout * gamma) is missing or wrong":
        'dx 在一个向量上的和是 {0}，不是 0：给向量加一个常数不改变 LayerNorm 的输出，所以 dL/dx 在每个向量上的和必须为 0。经过均值的路径（- mean(g)，其中 g = dout * gamma）缺失或有误',
    'dx with mean and variance treated as constants: dx = g / sqrt(var + eps) misses both their paths':
        '求 dx 时把均值和方差当成了常数：dx = g / sqrt(var + eps) 漏掉了这两条路径',
    'dx without the mean path: subtract mean(g) as well (dx must sum to 0 over each vector)':
        'dx 漏了均值路径：还要减去 mean(g)（dx 在每个向量上的和必须为 0）',
    'dx without the variance path: subtract xhat * mean(g * xhat) as well':
        'dx 漏了方差路径：还要减去 xhat * mean(g * xhat)',
    'eps = 0.1 against a variance near 0.01':
        'eps = 0.1，而方差约为 0.01',
    'eps added to the standard deviation instead of inside the square root':
        'eps 加在了标准差上，而不是加在平方根里面',
    'expected a tuple of three tensors (dx, dgamma, dbeta)':
        '应返回由三个张量组成的 tuple (dx, dgamma, dbeta)',
    'expected shapes dx {0}, dgamma ({1},), dbeta ({2},); got {3}, {4}, {5}':
        '形状应为 dx {0}、dgamma ({1},)、dbeta ({2},)；实际得到 {3}、{4}、{5}',
    'gamma left out of dx: dL/dxhat = dout * gamma':
        'dx 中漏了 gamma：dL/dxhat = dout * gamma',
    'gradients match finite differences of F.layer_norm':
        '梯度与 F.layer_norm 的有限差分一致',
    'long vectors':
        '很长的向量',
    'nn.LayerNorm divides by d: ((x - mean) ** 2).mean(-1), or x.var(-1, unbiased=False).':
        'nn.LayerNorm 除以的是 d：((x - mean) ** 2).mean(-1)，或 x.var(-1, unbiased=False)。',
    'one vector (no leading dim)':
        '一个向量（没有前导维度）',
    "the prompt's example":
        '题目中的示例',
    'the vectors':
        '向量个数',
    'tiny spread: the variance is near eps':
        '分布极窄：方差接近 eps',
    "unbiased variance (divided by d - 1, torch.var's default): LayerNorm uses the biased one":
        '用了无偏方差（除以 d - 1，torch.var 的默认行为）：LayerNorm 用的是有偏方差',
    'values in the hundreds':
        '数值在几百量级',
    'x centred in place (x -= mean): work on new tensors':
        '原地对 x 去中心化（x -= mean）：请在新张量上计算',
    'x_j reaches every xhat_i through mean and var: dx = (g - mean(g) - xhat * mean(g * xhat)) / sqrt(var + eps), with g = dout * gamma.':
        'x_j 通过 mean 和 var 影响每个 xhat_i：dx = (g - mean(g) - xhat * mean(g * xhat)) / sqrt(var + eps)，其中 g = dout * gamma。',
}
