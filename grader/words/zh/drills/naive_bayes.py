"""中文 text of the naive_bayes drill."""
TEXT = {
    '((Xc - mean) ** 2).mean(0), or Xc.var(0, unbiased=False): divide by the class size.':
        '((Xc - mean) ** 2).mean(0)，或 Xc.var(0, unbiased=False)：除以类别样本数。',
    '200 features: the product of 200 densities underflows':
        '200 个特征：200 个密度的乘积会下溢',
    'The variance is the biased one, ((X[y == c] - mean[c]) ** 2).mean(0); then add var_smoothing * X.var(0, unbiased=False).max() to every entry.':
        '方差用有偏估计 ((X[y == c] - mean[c]) ** 2).mean(0)；然后每个元素都加上 var_smoothing * X.var(0, unbiased=False).max()。',
    'a class of one sample: its variance is epsilon alone':
        '只有一个样本的类别：它的方差就只有 epsilon',
    'densities multiplied and exponentiated before normalising: far from every class they underflow to 0 (log 0 = -inf, 0 / 0 = NaN); add log-densities and normalise with log-sum-exp':
        '归一化之前就把密度相乘并取了指数：远离所有类别时它们下溢成 0（log 0 = -inf，0 / 0 = NaN）；应把对数密度相加，再用 log-sum-exp 归一化',
    'fit without a loop: onehot = F.one_hot(y, C).to(X.dtype) is (n, C); counts = onehot.sum(0); mean = onehot.T @ X / counts[:, None]. A loop over the classes with X[y == c] is fine too.':
        '不用循环的 fit：onehot = F.one_hot(y, C).to(X.dtype)，形状 (n, C)；counts = onehot.sum(0)；mean = onehot.T @ X / counts[:, None]。用 X[y == c] 对类别循环也可以。',
    'float64':
        'float64',
    'joint = log(prior) + Σ_j log N(x_j); return joint - torch.logsumexp(joint, dim=1, keepdim=True).':
        'joint = log(prior) + Σ_j log N(x_j)；返回 joint - torch.logsumexp(joint, dim=1, keepdim=True)。',
    'm=6, d=3, C=3':
        'm=6，d=3，C=3',
    "not normalised over the classes: subtract each row's log-sum-exp (the posterior's exponentials sum to 1)":
        '没有在类别上归一化：减去每一行的 log-sum-exp（后验取指数后之和为 1）',
    'one class':
        '只有一个类别',
    'one class: log-posterior 0':
        '只有一个类别：对数后验为 0',
    'points far from every class: joint log-likelihoods near -1e5':
        '远离所有类别的点：联合对数似然接近 -1e5',
    'predict: diff = X[:, None, :] - mean[None] is (m, C, d); joint = log(prior) - 0.5 * (log(2π var) + diff² / var).sum(-1); return joint - torch.logsumexp(joint, 1, keepdim=True). Never exp() the joint before normalising.':
        'predict：diff = X[:, None, :] - mean[None]，形状 (m, C, d)；joint = log(prior) - 0.5 * (log(2π var) + diff² / var).sum(-1)；返回 joint - torch.logsumexp(joint, 1, keepdim=True)。归一化之前绝不要对 joint 做 exp()。',
    'smoothing term added as var_smoothing itself: it is var_smoothing times the largest variance of a feature over all the samples':
        '平滑项直接加了 var_smoothing：应是 var_smoothing 乘以全部样本上各特征方差的最大值',
    'smoothing term scaled per feature: one epsilon, var_smoothing · the LARGEST feature variance, is added everywhere':
        '平滑项按每个特征分别缩放了：应处处加同一个 epsilon，即 var_smoothing · 最大的特征方差',
    'the prior is left out: the joint log-likelihood is log prior[c] + Σ_j log N(x_j; μ, σ²)':
        '漏了先验：联合对数似然是 log prior[c] + Σ_j log N(x_j; μ, σ²)',
    "the prompt's example":
        '题目中的示例',
    'two classes alike but for the prior':
        '除先验外完全相同的两个类别',
    "unbiased variance (divided by the class size - 1): GaussianNB's variance is the biased one":
        '用了无偏方差（除以类别样本数 - 1）：GaussianNB 用的是有偏方差',
    "var used as a standard deviation: the density's σ² is var itself":
        '把 var 当成了标准差：密度中的 σ² 就是 var 本身',
    'var_smoothing = 0.1':
        'var_smoothing = 0.1',
    'var_smoothing = 1, features of different spreads':
        'var_smoothing = 1，各特征的散布不同',
}
