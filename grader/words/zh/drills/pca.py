"""中文 text of the pca drill."""
TEXT = {
    '2000 samples around 50':
        '2000 个围绕 50 的样本',
    '64 features':
        '64 个特征',
    'Centre the columns: xc = x - x.mean(0). PCA is about variance around the mean.':
        '对列做中心化：xc = x - x.mean(0)。PCA 关心的是围绕均值的方差。',
    'S[i]² / (n - 1), as torch.var (unbiased) would give along that direction.':
        'S[i]² / (n - 1)，也就是 torch.var（无偏）沿该方向会给出的值。',
    'Sign: big = comps.abs().argmax(1, keepdim=True); comps = comps * comps.gather(1, big).sign().':
        '符号：big = comps.abs().argmax(1, keepdim=True)；comps = comps * comps.gather(1, big).sign()。',
    'The variance of the data along direction i is S[i]² / (n - 1) (unbiased, like torch.var).':
        '数据沿方向 i 的方差是 S[i]² / (n - 1)（无偏，与 torch.var 相同）。',
    'component {0} is {1}: its entry of largest magnitude must be positive (flip the whole row)':
        '第 {0} 个主成分是 {1}：它绝对值最大的元素必须为正（翻转整行）',
    'components are orthonormal':
        '主成分标准正交',
    'components taken from the columns of Vh: torch.linalg.svd returns Vh = Vᵀ, whose ROWS are the directions':
        '从 Vh 的列中取主成分：torch.linalg.svd 返回的是 Vh = Vᵀ，它的行（不是列）才是方向',
    'd = 1':
        'd = 1',
    'data not centred: subtract the column means before the SVD':
        '数据没有中心化：做 SVD 之前先减去各列的均值',
    'eigh sorts its eigenvalues in ascending order: the top k are the last ones, reversed':
        'eigh 按升序排列特征值：最大的 k 个是最后几个，要反过来',
    'expected (components, explained_variance), got {0}':
        '应返回 (components, explained_variance)，实际得到 {0}',
    'expected components ({0}, {1}) and explained_variance ({2},), got {3} and {4}':
        '应返回形状为 ({0}, {1}) 的 components 和 ({2},) 的 explained_variance，实际得到 {3} 和 {4}',
    'explained variance is the variance along each component':
        'explained variance 是沿每个主成分的方差',
    'explained variance ratio returned: the drill asks for the variance itself, S² / (n - 1)':
        '返回的是 explained variance ratio（方差占比）：题目要的是方差本身 S² / (n - 1)',
    "explained_variance is {0} but the data's variance along your components (sum of squares / (n - 1)) is {1}":
        'explained_variance 为 {0}，但数据沿你的主成分的方差（平方和 / (n - 1)）是 {1}',
    'float64':
        'float64',
    'k = d':
        'k = d',
    'more features than samples: k = n - 1':
        '特征多于样本：k = n - 1',
    'n = 2':
        'n = 2',
    'n=10, d=4, k=2, data around 3':
        'n=10，d=4，k=2，数据围绕 3',
    'n=30, d=5':
        'n=30，d=5',
    'sign convention on the first entry: the rule is the entry of largest magnitude':
        '按第一个元素定符号：规则是按绝对值最大的元素',
    "sign convention: each component's largest entry is positive":
        '符号约定：每个主成分绝对值最大的元素为正',
    'sign left to the SVD: flip each component so that its entry of largest magnitude is positive':
        '符号听任 SVD 决定：应翻转每个主成分，使它绝对值最大的元素为正',
    'singular values not squared: the variance is S² / (n - 1)':
        '奇异值没有平方：方差是 S² / (n - 1)',
    'the components':
        '主成分数',
    'the components are not orthonormal rows: C Cᵀ = {0}':
        '主成分的行不是标准正交的：C Cᵀ = {0}',
    "the prompt's example":
        '题目中的示例',
    'torch.linalg.svd(xc, full_matrices=False) returns U, S, Vh with xc = U diag(S) Vh: the rows of Vh are the principal directions, already sorted by S descending (Vh is Vᵀ: do not transpose it again).':
        'torch.linalg.svd(xc, full_matrices=False) 返回 U, S, Vh，满足 xc = U diag(S) Vh：Vh 的行就是主方向，已经按 S 降序排好（Vh 就是 Vᵀ：不要再转置一次）。',
    'variance divided by n: the explained variance is the unbiased S² / (n - 1)':
        '方差除以了 n：explained variance 是无偏的 S² / (n - 1)',
    'xc = x - x.mean(0): without it the first direction points at the mean, not along the spread.':
        'xc = x - x.mean(0)：不做这一步，第一个方向会指向均值，而不是沿着数据散布的方向。',
}
