"""中文 text of the linear_regression drill."""
TEXT = {
    'Centre X and y: the intercept leaves the problem (b = ȳ - x̄ · w), and only w meets the penalty.':
        '对 X 和 y 中心化：截距从问题中消去（b = ȳ - x̄ · w），只有 w 受到惩罚。',
    'Centre first: with x̄, ȳ the means, Xc = X - x̄ and yc = y - ȳ. The intercept then drops out of the problem (b = ȳ - x̄ · w), and so does it from the penalty.':
        '先中心化：记 x̄、ȳ 为均值，Xc = X - x̄，yc = y - ȳ。这样截距就从问题中消去了（b = ȳ - x̄ · w），也不会出现在惩罚项里。',
    'Gradient descent: r = X @ w + b - y; dw = X.T @ r / N + l2 * w; db = r.mean(); then w, b = w - lr * dw, b - lr * db, both from the same r.':
        '梯度下降：r = X @ w + b - y；dw = X.T @ r / N + l2 * w；db = r.mean()；然后 w, b = w - lr * dw, b - lr * db，两者都用同一个 r。',
    'N=12, D=3':
        'N=12，D=3',
    'Setting the gradient of the loss to 0 gives (Xcᵀ Xc / N + l2 I) w = Xcᵀ yc / N, i.e. (Xcᵀ Xc + N · l2 · I) w = Xcᵀ yc.':
        '令损失的梯度为 0，得到 (Xcᵀ Xc / N + l2 I) w = Xcᵀ yc / N，即 (Xcᵀ Xc + N · l2 · I) w = Xcᵀ yc。',
    'Solve it with torch.linalg.solve(A, rhs) (or cholesky + cholesky_solve, or lstsq on the stacked [Xc; sqrt(N·l2)·I]), never torch.linalg.inv(A) @ rhs: the inverse is inaccurate when A is ill-conditioned.':
        '用 torch.linalg.solve(A, rhs) 求解（或 cholesky + cholesky_solve，或对拼接后的 [Xc; sqrt(N·l2)·I] 用 lstsq），绝不要用 torch.linalg.inv(A) @ rhs：A 病态时逆矩阵不准确。',
    "at your (w, b) the gradient of the loss is not 0: the normal equations' relative residual is {0}, a backward-stable solve leaves about {1} (their condition number here is {2})":
        '在你的 (w, b) 处损失的梯度不为 0：正规方程的相对残差为 {0}，后向稳定的求解大约只留下 {1}（此处方程的条件数为 {2}）',
    'b updated with the residuals of the new w: compute dw and db from the same point':
        '用新 w 的残差更新了 b：dw 和 db 要在同一个点上计算',
    'expected (w, b), got {0}':
        '应返回 (w, b)，实际得到 {0}',
    'features far from 0 (mean 100, spread 1)':
        '远离 0 的特征（均值 100，散布 1）',
    'features with mean 1, l2 = 0.3':
        '均值为 1 的特征，l2 = 0.3',
    'features with mean 2, l2 = 0.1':
        '均值为 2 的特征，l2 = 0.1',
    'float64':
        'float64',
    'gradient not divided by N: the loss is a mean over the samples, so is its gradient':
        '梯度没有除以 N：损失是对样本的平均，它的梯度也是',
    'l2 left to its default (0)':
        'l2 取默认值 (0)',
    'more features than samples (l2 > 0)':
        '特征多于样本（l2 > 0）',
    'nearly collinear columns: cond(XᵀX) ~ 1e7':
        '近似共线的列：cond(XᵀX) ~ 1e7',
    'no intercept: fit b too (centre X and y, then b = ȳ - x̄ · w)':
        '没有截距：b 也要拟合（对 X 和 y 中心化，然后 b = ȳ - x̄ · w）',
    'no step: zeros':
        '不迭代：全零',
    'normal equations hold (a stable solve)':
        '满足正规方程（稳定求解）',
    'normal equations solved through an explicit inverse (inv(XᵀX) @ Xᵀy): inaccurate when XᵀX is ill-conditioned; solve the system instead':
        '通过显式求逆解正规方程（inv(XᵀX) @ Xᵀy）：XᵀX 病态时不准确；应直接求解方程组',
    'one sample':
        '一个样本',
    'one step':
        '一步',
    'ridge on the intercept: the penalty is on w only, not on b':
        '对截距也加了岭惩罚：惩罚只作用于 w，不作用于 b',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, 200 steps":
        '题目中的示例，200 步',
    'the ridge term is l2 · I: for the MEAN squared error it is N · l2 · I ((XcᵀXc + N·l2·I) w = Xcᵀyc)':
        '岭项用了 l2 · I：对于均方误差（取平均），应为 N · l2 · I（(XcᵀXc + N·l2·I) w = Xcᵀyc）',
    'the samples':
        '样本数',
    'torch.linalg.solve(A, rhs) (LU), torch.linalg.cholesky + torch.cholesky_solve, or torch.linalg.lstsq on the centred data: each is backward stable, inv(A) @ rhs is not.':
        'torch.linalg.solve(A, rhs)（LU）、torch.linalg.cholesky + torch.cholesky_solve，或对中心化数据用 torch.linalg.lstsq：它们都是后向稳定的，inv(A) @ rhs 不是。',
    'twice the gradient: the loss has a ½, so d/dw of (1/2N)·Σ r² is Xᵀ r / N':
        '梯度大了一倍：损失带有 ½，所以 (1/2N)·Σ r² 对 w 的导数是 Xᵀ r / N',
    'two samples, one feature: an exact fit':
        '两个样本，一个特征：精确拟合',
}
