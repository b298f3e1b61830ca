"""中文 text of the ddim_cfg drill."""
TEXT = {
    '1 - a_prev - sigma² not clamped at 0: at eta = 1 it is 0 up to rounding and may round below 0, where its sqrt is NaN':
        '1 - a_prev - sigma² 没有 clamp 到 0：eta = 1 时它在舍入误差内为 0，可能舍入到 0 以下，此时它的 sqrt 是 NaN',
    'a negative scale':
        '负的 scale',
    'alphas_cumprod in float64, x_t in float32: the result is float32':
        'alphas_cumprod 为 float64，x_t 为 float32：结果是 float32',
    'an input modified in place: work on new tensors':
        '原地修改了某个输入：请在新张量上计算',
    'cfg is one line: eps_uncond + guidance_scale * (eps_cond - eps_uncond). Check it: scale 1 must give eps_cond, scale 0 eps_uncond.':
        'cfg 只有一行：eps_uncond + guidance_scale * (eps_cond - eps_uncond)。验证一下：scale 为 1 必须得到 eps_cond，为 0 得到 eps_uncond。',
    "ddim_step: a_t = alphas_cumprod[t]; a_prev = alphas_cumprod[t_prev] if t_prev >= 0 else 1 (alphas_cumprod[-1] is the LAST step's, not 1).":
        'ddim_step：a_t = alphas_cumprod[t]；a_prev = alphas_cumprod[t_prev] if t_prev >= 0 else 1（alphas_cumprod[-1] 是最后一步的值，不是 1）。',
    'eta = 0 ignores the noise':
        'eta = 0 时与噪声无关',
    'eta = 0 with a noise given: it must not count':
        'eta = 0 但给了噪声：它不能起作用',
    'eta = 1 from t = 999 to t_prev = 1: 1 - a_prev - sigma² rounds below 0 in float32':
        'eta = 1，从 t = 999 到 t_prev = 1：float32 下 1 - a_prev - sigma² 会舍入到 0 以下',
    'guidance_scale = {0} must give {1} itself (eps_uncond + s · (eps_cond - eps_uncond)); it differs by up to {2}':
        'guidance_scale = {0} 时必须恰好得到 {1}（eps_uncond + s · (eps_cond - eps_uncond)）；实际最多相差 {2}',
    'guidance_scale · eps_cond added without subtracting eps_uncond: the guidance is the DIFFERENCE of the predictions':
        '加上了 guidance_scale · eps_cond 却没有减去 eps_uncond：引导项是两个预测之差',
    "in float64, with x_t = sqrt(a_t) · x0 + sqrt(1 - a_t) · eps (a_t = {0}) and the model's eps exactly that noise, a step with eta = 0 to t_prev = {1} must give {2}; it differs by up to {3}":
        '在 float64 下，x_t = sqrt(a_t) · x0 + sqrt(1 - a_t) · eps（a_t = {0}），且模型的 eps 恰好就是这个噪声时，eta = 0、到 t_prev = {1} 的一步必须得到 {2}；实际最多相差 {3}',
    'latents (2, 4, 8, 8), the usual 7.5':
        'latent (2, 4, 8, 8)，常用的 7.5',
    'latents, the linear schedule, 50 sampling steps, eta = 0.5':
        'latent，线性调度，50 个采样步，eta = 0.5',
    'one step from t = 20 to x_0 with eta = 0.7: sigma is 0 there':
        '从 t = 20 一步到 x_0，eta = 0.7：此时 sigma 为 0',
    'scale 0: the unconditional prediction':
        'scale 为 0：无条件预测',
    'scale 1: the conditional prediction':
        'scale 为 1：条件预测',
    'scales 0 and 1 give the two predictions':
        'scale 为 0 和 1 时分别得到两个预测',
    'sigma without its first factor: sigma = eta · sqrt((1 - a_prev) / (1 - a_t)) · sqrt(1 - a_t / a_prev)':
        'sigma 漏了第一个因子：sigma = eta · sqrt((1 - a_prev) / (1 - a_t)) · sqrt(1 - a_t / a_prev)',
    'sigma² used as sigma: sigma is eta times the SQUARE ROOT of (1 - a_prev) / (1 - a_t) · (1 - a_t / a_prev)':
        '把 sigma² 当成了 sigma：sigma 是 eta 乘以 (1 - a_prev) / (1 - a_t) · (1 - a_t / a_prev) 的平方根',
    "t_prev = -1 read as alphas_cumprod[-1], the LAST step's alpha_bar: the final step goes to x_0, where a_prev = 1":
        't_prev = -1 被当成了 alphas_cumprod[-1]，即最后一步的 alpha_bar：最后一步是到 x_0，此时 a_prev = 1',
    'the cosine schedule from its last step, eta = 1':
        '余弦调度，从最后一步开始，eta = 1',
    "the direction term's coefficient is sqrt(1 - a_prev - sigma²): without - sigma² the noise's variance is counted twice":
        '方向项的系数是 sqrt(1 - a_prev - sigma²)：漏了 - sigma² 的话噪声的方差会被算两次',
    "the guidance term's sign is flipped: eps_uncond + s · (eps_cond - eps_uncond) moves TOWARDS the conditional prediction and beyond":
        '引导项的符号反了：eps_uncond + s · (eps_cond - eps_uncond) 是朝着条件预测移动，甚至越过它',
    'the noise used at eta = 0, where it may be None: add sigma · noise only when eta > 0':
        'eta = 0 时用了噪声，而此时它可能是 None：只在 eta > 0 时才加 sigma · noise',
    "the paper's w used as guidance_scale: (1 + s) · eps_cond - s · eps_uncond is the convention where w = s - 1; here scale 1 must give eps_cond":
        '把论文中的 w 当成了 guidance_scale：(1 + s) · eps_cond - s · eps_uncond 是 w = s - 1 的那种约定；这里 scale 为 1 必须得到 eps_cond',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, eta = 0":
        '题目中的示例，eta = 0',
    "the prompt's example, eta = 1":
        '题目中的示例，eta = 1',
    "the prompt's final step, t_prev = -1":
        '题目中的最后一步，t_prev = -1',
    'the roles of eps_cond and eps_uncond are swapped: start from the unconditional prediction and move towards the conditional one':
        'eps_cond 和 eps_uncond 的角色反了：应从无条件预测出发，朝条件预测移动',
    'the true noise lands on q(x_prev | x_0)':
        '用真实噪声时结果落在 q(x_prev | x_0) 上',
    'with eta = 0 the step changed with the noise: sigma = 0, so DDIM is deterministic':
        'eta = 0 时这一步随噪声变化了：sigma = 0，所以 DDIM 是确定性的',
    'x0_pred = (x_t - sqrt(1 - a_t) * eps) / sqrt(a_t); sigma = eta * sqrt((1 - a_prev) / (1 - a_t)) * sqrt(1 - a_t / a_prev): both factors, and its square is the variance.':
        'x0_pred = (x_t - sqrt(1 - a_t) * eps) / sqrt(a_t)；sigma = eta * sqrt((1 - a_prev) / (1 - a_t)) * sqrt(1 - a_t / a_prev)：两个因子都要，它的平方才是方差。',
    "x0_pred subtracts (1 - a_t) · eps: the noise's coefficient is sqrt(1 - a_t)":
        'x0_pred 减去的是 (1 - a_t) · eps：噪声的系数应是 sqrt(1 - a_t)',
    "x_prev = sqrt(a_prev) * x0_pred + sqrt((1 - a_prev - sigma**2).clamp(min=0)) * eps, plus sigma * noise when eta > 0 (the direction term leaves room for the noise's variance; the clamp keeps rounding from a NaN).":
        'x_prev = sqrt(a_prev) * x0_pred + sqrt((1 - a_prev - sigma**2).clamp(min=0)) * eps，eta > 0 时再加上 sigma * noise（方向项给噪声的方差留出了空间；clamp 防止舍入误差产生 NaN）。',
    'x0 itself':
        'x0 本身',
}
