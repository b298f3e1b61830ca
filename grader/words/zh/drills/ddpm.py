"""中文 text of the ddpm drill."""
TEXT = {
    "DDPM's T = 1000":
        'DDPM 的 T = 1000',
    'T = 1':
        'T = 1',
    'T = 1 gives [beta_start]':
        'T = 1 时为 [beta_start]',
    'T = 1, one sample':
        'T = 1，一个样本',
    'T = 10':
        'T = 10',
    'T = 2: the two ends':
        'T = 2：两个端点',
    'a model that predicts the noise exactly has loss 0':
        '精确预测出噪声的模型损失为 0',
    "alpha_bar = torch.cumprod(1 - betas, dim=0): step t's own alpha is included, so alpha_bar[0] = 1 - betas[0]. Index it with t directly (0-based), never t - 1.":
        'alpha_bar = torch.cumprod(1 - betas, dim=0)：包含第 t 步自己的 alpha，所以 alpha_bar[0] = 1 - betas[0]。直接用 t（从 0 开始）索引，绝不要用 t - 1。',
    'alpha_bar returned instead of the betas: beta_t = 1 - alpha_bar_t / alpha_bar_{t-1}':
        '返回了 alpha_bar 而不是 betas：beta_t = 1 - alpha_bar_t / alpha_bar_{t-1}',
    'alpha_bar[t] is (B,): reshape it to (B, 1, ..., 1) with .reshape(-1, *[1] * (x.dim() - 1)) before multiplying a (B, ...) sample; a bare (B,) broadcasts along the LAST axis.':
        'alpha_bar[t] 是 (B,)：在与 (B, ...) 的样本相乘之前，用 .reshape(-1, *[1] * (x.dim() - 1)) 把它变成 (B, 1, ..., 1)；直接用 (B,) 会沿最后一维广播。',
    'alpha_t = 1 - beta_t used where alpha_bar_t, the product of every alpha up to t, is meant: alpha_bar = torch.cumprod(1 - betas, 0)':
        '在该用 alpha_bar_t（直到 t 的所有 alpha 之积）的地方用了 alpha_t = 1 - beta_t：alpha_bar = torch.cumprod(1 - betas, 0)',
    'an input modified in place: work on new tensors':
        '原地修改了某个输入：请在新张量上计算',
    'at t = 0 the output changed with the noise (by up to {0}): the posterior variance at t = 0 is beta_0 (1 - alpha_bar_-1) / (1 - alpha_bar_0) = 0, with alpha_bar_-1 = 1, so the last step adds no noise':
        't = 0 时输出随噪声变化了（最多 {0}）：t = 0 时的后验方差是 beta_0 (1 - alpha_bar_-1) / (1 - alpha_bar_0) = 0，其中 alpha_bar_-1 = 1，所以最后一步不加噪声',
    'beta_end left out: the spacing is (beta_end - beta_start) / (T - 1), so the last beta is beta_end (torch.linspace)':
        '漏掉了 beta_end：间隔是 (beta_end - beta_start) / (T - 1)，所以最后一个 beta 就是 beta_end（torch.linspace）',
    'betas in float64, x0 in float32: the loss is float32':
        'betas 为 float64，x0 为 float32：损失是 float32',
    'betas in float64, x0 in float32: the result is float32':
        'betas 为 float64，x0 为 float32：结果是 float32',
    'betas in float64, x_t in float32: the result is float32':
        'betas 为 float64，x_t 为 float32：结果是 float32',
    'betas not clipped at max_beta: the last one is 1 - f(1) / f((T - 1) / T) = 1 (f(1) = 0), where alpha_t = 0':
        'betas 没有在 max_beta 处截断：最后一个是 1 - f(1) / f((T - 1) / T) = 1（f(1) = 0），此时 alpha_t = 0',
    'cos not squared: f(u) = cos²(...)':
        'cos 没有平方：f(u) = cos²(...)',
    'every sample at t = 0: no noise':
        '所有样本都在 t = 0：不加噪声',
    'images (2, 3, 4, 4), the cosine schedule':
        '图像 (2, 3, 4, 4)，余弦调度',
    'images, the cosine schedule at its clipped last step and at t = 1':
        '图像，余弦调度，取被截断的最后一步和 t = 1',
    'no noise at t = 0':
        't = 0 时不加噪声',
    'noise added at t = 0: alpha_bar_{t-1} at t = 0 is alpha_bar_-1 = 1 (alpha_bar[t - 1] wraps round to the last step), so the posterior variance and the noise vanish there':
        't = 0 时加了噪声：t = 0 时 alpha_bar_{t-1} 是 alpha_bar_-1 = 1（alpha_bar[t - 1] 会绕回到最后一步），所以该处后验方差和噪声都为零',
    'one sample at t = 0':
        '一个样本在 t = 0',
    'p_sample: alpha_bar_prev = torch.cat([ones(1), alpha_bar[:-1]]) gives alpha_bar_{-1} = 1 (alpha_bar[t - 1] at t = 0 would wrap round to the LAST step). Variance beta * (1 - ab_prev) / (1 - ab), zero at t = 0; add its sqrt times the noise.':
        'p_sample：alpha_bar_prev = torch.cat([ones(1), alpha_bar[:-1]]) 给出 alpha_bar_{-1} = 1（t = 0 时 alpha_bar[t - 1] 会绕回到最后一步）。方差为 beta * (1 - ab_prev) / (1 - ab)，t = 0 时为零；加上它的 sqrt 乘以噪声。',
    'q_sample: sqrt(ab) * x0 + sqrt(1 - ab) * noise. The loss: F.mse_loss(eps_model(x_t, t), noise) — the target is the noise, not x0.':
        'q_sample：sqrt(ab) * x0 + sqrt(1 - ab) * noise。损失：F.mse_loss(eps_model(x_t, t), noise)，目标是噪声，不是 x0。',
    's = 0.1, max_beta = 0.9':
        's = 0.1，max_beta = 0.9',
    'square (3, 3) samples, the linear schedule':
        '方形的 (3, 3) 样本，线性调度',
    'square (3, 3) samples, the linear schedule at t = 0, 500, 999':
        '方形的 (3, 3) 样本，线性调度，t = 0, 500, 999',
    'squared errors summed: the loss is their mean over every element':
        '对平方误差求和了：损失是它们在所有元素上的平均',
    "t off by one: alpha_bar[t - 1] used, but t is 0-based and alpha_bar_t includes step t (at t = 0, alpha_bar[-1] is the LAST step's)":
        't 差了一位：用了 alpha_bar[t - 1]，但 t 从 0 开始，而且 alpha_bar_t 包含第 t 步（t = 0 时 alpha_bar[-1] 是最后一步的）',
    't off by one: alpha_bar_t is f((t + 1) / T) / f(0) (it includes step t), so beta_t = 1 - f((t + 1) / T) / f(t / T); taken at t / T, the first beta is 0':
        't 差了一位：alpha_bar_t 是 f((t + 1) / T) / f(0)（它包含第 t 步），所以 beta_t = 1 - f((t + 1) / T) / f(t / T)；若取在 t / T 处，第一个 beta 会是 0',
    "the (B,) factor gathered at t is not reshaped to (B, 1, ..., 1): it broadcasts along the last axis, so sample i is scaled by sample j's factor":
        '在 t 处取出的 (B,) 系数没有 reshape 成 (B, 1, ..., 1)：它会沿最后一维广播，于是样本 i 被样本 j 的系数缩放',
    'the mean divides by sqrt(alpha_bar_t): one reverse step divides by sqrt(alpha_t) = sqrt(1 - beta_t)':
        '均值除以了 sqrt(alpha_bar_t)：一步反向过程除以的是 sqrt(alpha_t) = sqrt(1 - beta_t)',
    'the model is given x0: it sees the NOISED sample, eps_model(x_t, t)':
        '给模型传了 x0：它看到的应是加噪后的样本，eps_model(x_t, t)',
    "the noise prediction's coefficient is beta_t / sqrt(1 - alpha_bar_t): its sqrt left out":
        '噪声预测的系数是 beta_t / sqrt(1 - alpha_bar_t)：漏了其中的 sqrt',
    'the offset s ignored: f(u) = cos²((u + s) / (1 + s) · π/2)':
        '忽略了偏移 s：f(u) = cos²((u + s) / (1 + s) · π/2)',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, T = 1000: the last beta is clipped":
        '题目中的示例，T = 1000：最后一个 beta 被截断',
    "the prompt's tensors":
        '题目中的张量',
    'the samples':
        '样本数',
    'the square roots left out: x_t = sqrt(alpha_bar) x0 + sqrt(1 - alpha_bar) noise, so that the variance is kept':
        '漏了平方根：x_t = sqrt(alpha_bar) x0 + sqrt(1 - alpha_bar) noise，这样方差才能保持不变',
    'the target is x0: an ε-prediction model is trained to predict the NOISE that made x_t':
        '目标用了 x0：ε-预测模型要学的是产生 x_t 的那个噪声',
    'the variance used as the standard deviation: add sqrt(variance) * noise':
        '把方差当成了标准差：应加上 sqrt(variance) * noise',
    'variance beta_t instead of the posterior variance beta_t (1 - alpha_bar_{t-1}) / (1 - alpha_bar_t)':
        '方差用了 beta_t，而不是后验方差 beta_t (1 - alpha_bar_{t-1}) / (1 - alpha_bar_t)',
    "with a model that returns exactly the noise that made x_t, the loss must be 0; got {0}: the model's target is the noise":
        '模型恰好返回产生 x_t 的噪声时，损失必须为 0；实际得到 {0}：模型的目标是噪声',
    'x0 (4,): one number each':
        'x0 为 (4,)：每个样本一个数',
    'x_t (4,): one number each':
        'x_t 为 (4,)：每个样本一个数',
    'samples independent':
        '样本之间相互独立',
}
