"""中文 text of the kmeans drill."""
TEXT = {
    '300 seedings, each counted as the number its row indices spell (23 = rows 2 then 3): k = 1: one uniform draw':
        '300 次选种子，每次按其行下标拼成的数计数（23 = 先第 2 行再第 3 行）：k = 1：一次均匀抽取',
    '600 seedings, each counted as the number its row indices spell (23 = rows 2 then 3): 1-D points 0, 1, 3, 12; k = 2':
        '600 次选种子，每次按其行下标拼成的数计数（23 = 先第 2 行再第 3 行）：一维点 0, 1, 3, 12；k = 2',
    '600 seedings, each counted as the number its row indices spell (23 = rows 2 then 3): D² to the nearest seed, and a duplicate point; k = 3':
        '600 次选种子，每次按其行下标拼成的数计数（23 = 先第 2 行再第 3 行）：到最近种子的 D²，以及一个重复点；k = 3',
    '600 seedings, each counted as the number its row indices spell (23 = rows 2 then 3): k = n = 3':
        '600 次选种子，每次按其行下标拼成的数计数（23 = 先第 2 行再第 3 行）：k = n = 3',
    'After reassigning, the next update must use the NEW labels: labels = new before the next mean.':
        '重新分配之后，下一次更新必须用新的标签：在下一次求均值之前令 labels = new。',
    'All distances at once: d2 = ((x[:, None, :] - c[None, :, :]) ** 2).sum(-1) is (n, k); argmin(1) gives the nearest centroid and breaks ties towards the smallest index.':
        '一次算出所有距离：d2 = ((x[:, None, :] - c[None, :, :]) ** 2).sum(-1)，形状 (n, k)；argmin(1) 给出最近的质心，并列时取最小的下标。',
    'Cluster means without a loop: sums = torch.zeros_like(c).index_add_(0, labels, x); counts = torch.bincount(labels, minlength=k); an empty cluster (count 0) keeps its old centroid: torch.where(counts[:, None] > 0, sums / counts.clamp(min=1)[:, None], c).':
        '不用循环求簇均值：sums = torch.zeros_like(c).index_add_(0, labels, x)；counts = torch.bincount(labels, minlength=k)；空簇（计数为 0）保留原来的质心：torch.where(counts[:, None] > 0, sums / counts.clamp(min=1)[:, None], c)。',
    'D² measured to the most recent seed instead of the nearest seed so far':
        'D² 是到最近一次选出的种子的距离，而不是到目前为止最近的种子的距离',
    'Keep the running minimum: d2 = torch.minimum(d2, distance² to the new seed).':
        '维护累积的最小值：d2 = torch.minimum(d2, 到新种子的距离²)。',
    'Seeding: keep d2 (n,) = squared distance to the nearest seed so far. After each new seed s, d2 = torch.minimum(d2, ((x - x[s]) ** 2).sum(-1)); draw the next with torch.multinomial(d2, 1, generator=generator). A seed has d2 = 0, so it is never drawn again.':
        '选种子：维护 d2 (n,) = 到目前为止最近种子的平方距离。每选出一个新种子 s，d2 = torch.minimum(d2, ((x - x[s]) ** 2).sum(-1))；用 torch.multinomial(d2, 1, generator=generator) 抽取下一个。种子的 d2 = 0，所以不会被再次抽中。',
    'a duplicate point':
        '一个重复点',
    "an empty cluster's centroid became NaN (0 / 0): a cluster with no point keeps its centroid":
        '空簇的质心变成了 NaN（0 / 0）：没有点的簇应保留它的质心',
    "an empty cluster's centroid moved to the origin: a cluster with no point keeps its centroid":
        '空簇的质心移到了原点：没有点的簇应保留它的质心',
    'centroid 2 gets no point: it keeps its place':
        '质心 2 没有分到点：它保持不动',
    "centroid {0} is {1} but the mean of its points is {2}: Lloyd stops only when no label changes, and then each centroid is its cluster's mean":
        '质心 {0} 为 {1}，但它的点的均值是 {2}：Lloyd 只在没有标签变化时才停止，此时每个质心都是它所在簇的均值',
    'centroids are the means of their clusters':
        '质心是各自簇的均值',
    'centroids recomputed from a stale (old) assignment: update from the labels just computed':
        '用过时的（旧的）分配重新计算了质心：应用刚算出的标签来更新',
    'counts can be 0: torch.where(counts[:, None] > 0, sums / counts.clamp(min=1)[:, None], c).':
        '计数可能为 0：torch.where(counts[:, None] > 0, sums / counts.clamp(min=1)[:, None], c)。',
    "drew from torch's global random generator: pass `generator` to every random call":
        '从 torch 的全局随机数生成器抽取了：每次随机调用都要传入 `generator`',
    'duplicate points':
        '重复的点',
    'expected a LongTensor of {0} indices, got {1}':
        '应返回包含 {0} 个下标的 LongTensor，实际得到 {1}',
    'expected a pair (centroids, labels), got {0}':
        '应返回二元组 (centroids, labels)，实际得到 {0}',
    'expected centroids ({0}, d) and labels ({1},)':
        '应返回 centroids ({0}, d) 和 labels ({1},)',
    'float64':
        'float64',
    'indices {0} are not all rows of x (0..{1})':
        '下标 {0} 并不都是 x 的行（0..{1}）',
    'k = 1: one cluster, its mean':
        'k = 1：一个簇，即它的均值',
    'k = n':
        'k = n',
    'k-means++ weighs each point by its SQUARED distance to the nearest seed: torch.multinomial(d2, 1, generator=generator), with no sqrt.':
        'k-means++ 按每个点到最近种子的平方距离加权：torch.multinomial(d2, 1, generator=generator)，不要开方。',
    'labels are the nearest returned centroids':
        'labels 是返回的质心中最近的那个',
    'labels returned from before the last update (when max_iters cuts the loop short, return the assignment of the centroids you return)':
        '返回的是最后一次更新之前的标签（当 max_iters 提前终止循环时，要返回你所返回的质心对应的分配）',
    'labels {0} are not all in 0..{1}':
        '标签 {0} 并不都在 0..{1} 内',
    'lloyd: labels = nearest(x, c); then up to max_iters times: c = means(labels); new = nearest(x, c); stop if torch.equal(new, labels), else labels = new. kmeans is lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters).':
        'lloyd：labels = nearest(x, c)；然后最多 max_iters 次：c = means(labels)；new = nearest(x, c)；若 torch.equal(new, labels) 则停止，否则 labels = new。kmeans 就是 lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)。',
    'max_iters=0: the given centroids and their labels':
        'max_iters=0：给定的质心及其标签',
    'max_iters=1: cut short':
        'max_iters=1：提前终止',
    'max_iters=2: cut short':
        'max_iters=2：提前终止',
    'n=30, k=3':
        'n=30，k=3',
    'n=7, d=3, k=3':
        'n=7，d=3，k=3',
    'objective never increases':
        '目标函数从不增大',
    'one point':
        '一个点',
    'point 2 is as near to centroid 0 as to centroid 1: the smallest index wins':
        '点 2 到质心 0 和质心 1 一样近：下标最小的获胜',
    'point {0} has label {1}, but centroid {2} of the returned centroids is nearer: the labels returned must be the assignment of the centroids returned':
        '点 {0} 的标签为 {1}，但返回的质心中质心 {2} 更近：返回的标签必须是所返回质心对应的分配',
    'randomness from `generator` only':
        '随机性只来自 `generator`',
    'seeds are distinct points':
        '种子是互不相同的点',
    'seeds drawn uniformly (random initialisation, not k-means++)':
        '种子是均匀抽取的（随机初始化，而不是 k-means++）',
    'seeds drawn with probability proportional to the distance D instead of D²':
        '抽取种子的概率与距离 D 成正比，而不是与 D² 成正比',
    'seeds {0} and {1} (rows {2} and {3}) are the same point: a point that coincides with a seed has D² = 0 and can never be drawn':
        '种子 {0} 和 {1}（第 {2} 行和第 {3} 行）是同一个点：与种子重合的点 D² = 0，永远不会被抽中',
    'several iterations':
        '多次迭代',
    'the first seed is always row 0: draw it uniformly':
        '第一个种子总是第 0 行：应均匀抽取',
    'the next seed is the farthest point (argmax D²): k-means++ DRAWS it with probability ∝ D²':
        '下一个种子取了最远的点（argmax D²）：k-means++ 是按 ∝ D² 的概率随机抽取它',
    'the points':
        '点数',
    "the prompt's example":
        '题目中的示例',
    "the sum of squared distances to the assigned centroids went from {0} (the given centroids) to {1}: Lloyd's steps never increase it":
        '到所分配质心的平方距离之和从 {0}（给定的质心）变成了 {1}：Lloyd 的每一步都不会让它增大',
    "torch's global random state changed: draw every random number from `generator` (torch.randint(..., generator=generator), torch.multinomial(..., generator=generator))":
        'torch 的全局随机状态被改变了：每个随机数都要从 `generator` 中抽取（torch.randint(..., generator=generator)、torch.multinomial(..., generator=generator)）',
}
