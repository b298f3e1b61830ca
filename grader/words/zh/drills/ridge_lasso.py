"""中文 text of the ridge_lasso drill."""
TEXT = {
    'Centre: Xc = X - X.mean(0), yc = y - y.mean(). The intercept leaves both problems and comes back as b = y.mean() - X.mean(0) @ w, so it is never penalised.':
        '中心化：Xc = X - X.mean(0)，yc = y - y.mean()。截距从两个问题中都消去，最后以 b = y.mean() - X.mean(0) @ w 的形式还原，所以它永远不受惩罚。',
    'Lasso: keep r = yc - Xc @ w current. For each j: rho = Xc[:, j] @ r / n + z[j] * w[j]; new = sign(rho) * clamp(|rho| - alpha, min=0) / z[j]; r -= Xc[:, j] * (new - w[j]); w[j] = new.':
        'Lasso：保持 r = yc - Xc @ w 始终是最新的。对每个 j：rho = Xc[:, j] @ r / n + z[j] * w[j]；new = sign(rho) * clamp(|rho| - alpha, min=0) / z[j]；r -= Xc[:, j] * (new - w[j])；w[j] = new。',
    "Ridge's objective is a plain sum of squares: its normal equations are (Xcᵀ Xc + alpha · I) w = Xcᵀ yc, with no n.":
        'Ridge 的目标函数就是平方和：它的正规方程是 (Xcᵀ Xc + alpha · I) w = Xcᵀ yc，不含 n。',
    'Track the largest |new - w[j]| of the sweep and stop once it is below tol; skip columns with z[j] == 0.':
        '记录本轮中最大的 |new - w[j]|，一旦它小于 tol 就停止；跳过 z[j] == 0 的列。',
    'Without the 1/n the threshold acts as alpha / n: rho = Xc[:, j] @ r / n, z[j] = (Xc[:, j] ** 2).sum() / n.':
        '漏了 1/n，阈值的效果就变成了 alpha / n：rho = Xc[:, j] @ r / n，z[j] = (Xc[:, j] ** 2).sum() / n。',
    'Xc = X - X.mean(0), yc = y - y.mean(); solve for w on those; b = y.mean() - X.mean(0) @ w.':
        'Xc = X - X.mean(0)，yc = y - y.mean()；在它们上求解 w；b = y.mean() - X.mean(0) @ w。',
    'a constant column: its coefficient stays 0':
        '常数列：它的系数保持为 0',
    'a large tol: it stops early':
        'tol 很大：提前停止',
    'alpha above every |Xcᵀ yc| / n: w = 0, b = mean(y)':
        'alpha 大于所有 |Xcᵀ yc| / n：w = 0，b = mean(y)',
    'features with mean 5':
        '均值为 5 的特征',
    'fewer samples than features':
        '样本少于特征',
    'float64':
        'float64',
    "lasso's objective scaled by n differently from the prompt: it is 1/(2n) · ‖r‖² + alpha · ‖w‖₁, so ρ and z_j both carry 1/n":
        'lasso 目标函数关于 n 的缩放与题目不同：应为 1/(2n) · ‖r‖² + alpha · ‖w‖₁，所以 ρ 和 z_j 都带 1/n',
    'more features than samples':
        '特征多于样本',
    'one sample':
        '一个样本',
    "ridge's objective scaled by n (alpha · n · I): the prompt's ridge is a SUM of squares, so its normal equations are (Xcᵀ Xc + alpha · I) w = Xcᵀ yc":
        'ridge 的目标函数按 n 缩放了（alpha · n · I）：题目中的 ridge 是平方和（不取平均），所以正规方程是 (Xcᵀ Xc + alpha · I) w = Xcᵀ yc',
    'simultaneous (Jacobi) updates: each coordinate must see the residual of the coordinates updated before it in the same sweep':
        '同时（Jacobi 式）更新：每个坐标都必须看到同一轮中在它之前已更新的坐标所产生的残差',
    'soft threshold without its dead zone: where |ρ| <= alpha the coefficient is exactly 0, not ρ - alpha · sign(ρ)':
        '软阈值缺少死区：|ρ| <= alpha 时系数恰好为 0，而不是 ρ - alpha · sign(ρ)',
    'soft threshold without the sign: S(ρ, a) = sign(ρ) · max(|ρ| - a, 0); max(ρ - a, 0) loses every negative coefficient':
        '软阈值漏了符号：S(ρ, a) = sign(ρ) · max(|ρ| - a, 0)；max(ρ - a, 0) 会丢掉所有负系数',
    'the intercept is penalised: centre X and y so that only w meets the penalty':
        '截距受到了惩罚：对 X 和 y 中心化，让惩罚只作用于 w',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example: alpha = 2, one coefficient exactly 0":
        '题目中的示例：alpha = 2，有一个系数恰好为 0',
    "the prompt's example: one sweep from zero":
        '题目中的示例：从零开始一轮',
    'the samples':
        '样本数',
    'the soft-thresholded ρ not divided by z_j = ‖Xc[:, j]‖² / n: that is the exact minimiser only for columns of unit variance':
        '软阈值后的 ρ 没有除以 z_j = ‖Xc[:, j]‖² / n：只有方差为 1 的列这样才是精确的最小值点',
    'torch.sign(rho) * torch.clamp(rho.abs() - alpha, min=0): shrink |ρ| towards 0, keep the sign.':
        'torch.sign(rho) * torch.clamp(rho.abs() - alpha, min=0)：把 |ρ| 向 0 收缩，保留符号。',
    'two sweeps':
        '两轮',
}
