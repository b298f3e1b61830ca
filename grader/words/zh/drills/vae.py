"""中文 text of the vae drill."""
TEXT = {
    '(4, 8) latents':
        '(4, 8) 的隐变量',
    '0-d tensors':
        '0 维张量',
    '2000 draws of mu = [0.0, 2.0, -1.0, 0.5, 0.0], logvar = [0.0, 1.5, -2.0, 2.5, -3.0], five slots':
        '采样 2000 次，mu = [0.0, 2.0, -1.0, 0.5, 0.0]，logvar = [0.0, 1.5, -2.0, 2.5, -3.0]，五个位置',
    '2000 draws of mu = [0.0, 2.0, -1.0, 0.5], logvar = [0.0, 1.5, -2.0, 2.5], a (2, 2) latent':
        '采样 2000 次，mu = [0.0, 2.0, -1.0, 0.5]，logvar = [0.0, 1.5, -2.0, 2.5]，(2, 2) 的隐变量',
    'a kl is negative ({0}): a KL divergence is >= 0':
        '有一个 kl 是负的（{0}）：KL 散度 >= 0',
    'a posterior equal to the prior has kl 0':
        '后验等于先验时 kl 为 0',
    'a posterior equal to the prior: kl is 0; compared: loss, recon, kl':
        '后验等于先验：kl 为 0；比较：loss, recon, kl',
    'an input modified in place: work on new tensors':
        '原地修改了某个输入：请在新张量上计算',
    'binary cross-entropy from log(sigmoid(logits)): a sigmoid that rounds to 0 or 1 gives log(0); use F.binary_cross_entropy_with_logits (or softplus(l) - x · l)':
        '用 log(sigmoid(logits)) 算二元交叉熵：sigmoid 舍入成 0 或 1 时会得到 log(0)；请用 F.binary_cross_entropy_with_logits（或 softplus(l) - x · l）',
    'compared: loss, recon, kl':
        '比较：loss, recon, kl',
    'dz/d{0} at {1} is {2}, expected {3}: z = mu + exp(logvar / 2) · eps has these gradients whatever eps is':
        '{1} 处的 dz/d{0} 是 {2}，应为 {3}：无论 eps 是什么，z = mu + exp(logvar / 2) · eps 的梯度都是这样',
    'eps drawn uniform (torch.rand): it is standard NORMAL (torch.randn)':
        'eps 是从均匀分布采样的（torch.rand）：它应服从标准正态分布（torch.randn）',
    'exp(logvar) used as sigma: logvar is log sigma², so sigma = exp(logvar / 2)':
        '把 exp(logvar) 当成了 sigma：logvar 是 log sigma²，所以 sigma = exp(logvar / 2)',
    'float64: z is float64':
        'float64：z 是 float64',
    "generator=None draws from torch's global RNG":
        'generator=None 时从 torch 的全局随机数生成器采样',
    'gradients dz/dmu = 1 and dz/dlogvar = (z - mu) / 2':
        '梯度 dz/dmu = 1，dz/dlogvar = (z - mu) / 2',
    'images (3, 1, 4, 4) of binary pixels, 8 latent dims; compared: loss, recon, kl':
        '二值像素的图像 (3, 1, 4, 4)，隐变量 8 维；比较：loss, recon, kl',
    'kl = -0.5 * (1 + logvar - mu**2 - logvar.exp()).sum(1): a SUM over the latent dims, and positive.':
        'kl = -0.5 * (1 + logvar - mu**2 - logvar.exp()).sum(1)：是对隐变量维度求和，而且为正。',
    'kl >= 0':
        'kl >= 0',
    'logits of ±100 and ±60: sigmoid rounds to exactly 0 or 1; compared: loss, recon, kl':
        '±100 和 ±60 的 logits：sigmoid 恰好舍入成 0 或 1；比较：loss, recon, kl',
    'logvar = log sigma²: sigma = exp(0.5 * logvar). exp(logvar) is the variance.':
        'logvar = log sigma²：sigma = exp(0.5 * logvar)。exp(logvar) 是方差。',
    'logvar from -6 to 8, mu near ±5; compared: loss, recon, kl':
        'logvar 从 -6 到 8，mu 接近 ±5；比较：loss, recon, kl',
    'logvar from about -8 to 8':
        'logvar 大约从 -8 到 8',
    'logvar is log sigma², so sigma = exp(logvar / 2) (or logvar.mul(0.5).exp()), NOT exp(logvar) and not logvar itself.':
        'logvar 是 log sigma²，所以 sigma = exp(logvar / 2)（或 logvar.mul(0.5).exp()），既不是 exp(logvar)，也不是 logvar 本身。',
    "logvar read as log sigma (sigma² = exp(2 · logvar)): it is log sigma², so the KL's terms are 1 + logvar - mu² - exp(logvar)":
        '把 logvar 当成了 log sigma（sigma² = exp(2 · logvar)）：它是 log sigma²，所以 KL 的各项是 1 + logvar - mu² - exp(logvar)',
    'logvar used as sigma: it is log sigma², so sigma = exp(logvar / 2)':
        '把 logvar 当成了 sigma：它是 log sigma²，所以 sigma = exp(logvar / 2)',
    'one sample, one latent dim; compared: loss, recon, kl':
        '一个样本，隐变量 1 维；比较：loss, recon, kl',
    "recon = F.binary_cross_entropy_with_logits(x_logits, x, reduction='none').flatten(1).sum(1) (stable for any logits; log(sigmoid(...)) is not). loss = (recon + kl).mean().":
        "recon = F.binary_cross_entropy_with_logits(x_logits, x, reduction='none').flatten(1).sum(1)（对任意 logits 都数值稳定；log(sigmoid(...)) 则不然）。loss = (recon + kl).mean()。",
    'the KL averaged over the latent dims: it is a SUM over them (the KL of independent dims adds up)':
        'KL 对隐变量维度取了平均：应该求和（相互独立的维度的 KL 可以相加）',
    "the KL's 1 left out: -1/2 · sum(1 + logvar - mu² - exp(logvar))":
        'KL 中漏了 1：-1/2 · sum(1 + logvar - mu² - exp(logvar))',
    "the KL's sign is flipped: KL = -1/2 · sum(1 + logvar - mu² - exp(logvar)) >= 0":
        'KL 的符号反了：KL = -1/2 · sum(1 + logvar - mu² - exp(logvar)) >= 0',
    'the draw blocks gradients: z must be mu + sigma · eps, an ordinary function of mu and logvar (torch.normal(mu, sigma) gives zero gradients; .detach() or torch.no_grad() give none)':
        '采样阻断了梯度：z 必须是 mu + sigma · eps，即 mu 和 logvar 的普通函数（torch.normal(mu, sigma) 给出的梯度为零；.detach() 或 torch.no_grad() 则根本没有梯度）',
    'the loss summed over the batch: it is the MEAN of recon + kl':
        '损失对 batch 求和了：应该是 recon + kl 的平均',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example; compared: loss, recon, kl":
        '题目中的示例；比较：loss, recon, kl',
    'the reconstruction averaged over the data dims: -log p(x | z) is a SUM over them':
        '重建损失对数据维度取了平均：-log p(x | z) 是对它们求和',
    "the reconstruction's sign: recon is the NEGATIVE log-likelihood (the binary cross-entropy), >= 0":
        '重建损失的符号：recon 是负对数似然（即二元交叉熵），>= 0',
    'the samples':
        '样本数',
    "with generator=None, calls after torch.manual_seed(1) and torch.manual_seed(2) gave the same z: without a generator, draw from torch's global RNG, not from a generator of your own":
        'generator=None 时，分别在 torch.manual_seed(1) 和 torch.manual_seed(2) 之后调用却得到了同样的 z：没有 generator 时要从 torch 的全局随机数生成器采样，而不是用你自己建的 generator',
    "with generator=None, two calls after torch.manual_seed(1) gave different z: without a generator, draw from torch's global RNG (pass generator=None on to torch.randn)":
        'generator=None 时，两次都在 torch.manual_seed(1) 之后调用却得到了不同的 z：没有 generator 时要从 torch 的全局随机数生成器采样（把 generator=None 原样传给 torch.randn）',
    'with mu = 0 and logvar = 0 the posterior IS the prior N(0, I), so kl must be 0; got {0}':
        'mu = 0 且 logvar = 0 时后验就是先验 N(0, I)，所以 kl 必须为 0；实际得到 {0}',
    'z = mu + sigma * eps with eps = torch.randn(mu.shape, generator=generator, dtype=mu.dtype, device=mu.device): z is then an ordinary function of mu and logvar, so gradients reach both. torch.normal(mu, sigma) gives no gradient.':
        'z = mu + sigma * eps，其中 eps = torch.randn(mu.shape, generator=generator, dtype=mu.dtype, device=mu.device)：这样 z 就是 mu 和 logvar 的普通函数，梯度能到达两者。torch.normal(mu, sigma) 不会给出梯度。',
    'z does not require grad while mu and logvar do: no gradient reaches them':
        'mu 和 logvar 需要梯度，而 z 不需要：没有梯度能到达它们',
    'samples independent':
        '样本之间相互独立',
}
