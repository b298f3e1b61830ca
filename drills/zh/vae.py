"""变分自编码器VAE VAE: reparameterisation and the ELBO

实现变分自编码器训练步中的两个部件（Kingma & Welling 2014）。编码器为每个样本给出一个对角高斯
q(z | x) = N(mu, sigma²)，形式为 `mu` 和 `logvar` = log sigma²（方差的对数，不是 sigma 的对数）；
先验是 N(0, I)。

`reparameterize(mu, logvar, generator=None)`：采样 z ~ N(mu, sigma²)，写法要让梯度能流向 mu 和
logvar：

    z = mu + sigma · eps,    sigma = exp(logvar / 2),    eps ~ N(0, I)

- mu 和 logvar 形状相同（任意形状）；z 也是这个形状，dtype 和设备与 mu 相同。
- eps 是唯一的随机性来源，从 `generator` 中采样（例如 torch.randn(mu.shape,
  generator=generator, dtype=mu.dtype, device=mu.device)）；generator=None 时，从 torch 的全局
  随机数生成器采样。同一个设了种子的 generator 给出同样的 z。
- 按分布评分：z 的每个元素都在大量采样上与 N(mu, exp(logvar)) 比较（误判率低于 1e-6），从不与
  某次具体的采样比较：用任何方式采 eps 都是对的。梯度会被精确检查：逐元素 dz/dmu = 1，
  dz/dlogvar = (z - mu) / 2。

`vae_loss(x_logits, x, mu, logvar)`：负的 ELBO，以 `(loss, recon, kl)` 的形式返回：

    recon = -log p(x | z) of a Bernoulli decoder: binary cross-entropy of the decoder's LOGITS
            x_logits against x (values in [0, 1]), summed over every non-batch dim   (B,)
    kl    = KL(N(mu, sigma²) || N(0, I)) in closed form, summed over the latent dims:
            -1/2 · sum(1 + logvar - mu² - exp(logvar))                               (B,)
    loss  = mean over the batch of recon + kl                                        0-dim

- x_logits 和 x 的形状是 (B, ...)，后面的形状任意；mu 和 logvar 是 (B, L)。
- logits 达到 ±100 时也要数值稳定（sigmoid 舍入成 0 或 1 时不能得到 log(0)）。
- 梯度流向 x_logits、mu 和 logvar（x 是数据）。输出的 dtype 和设备与输入相同；不做任何原地修改；
  不要对 batch 写 Python 循环。

示例:
    >>> mu = torch.tensor([[0.0, 1.0], [2.0, -1.0]]); logvar = torch.tensor([[0.0, -2.0], [1.0, 0.5]])
    >>> reparameterize(mu, logvar, generator=torch.Generator().manual_seed(0))    # one draw
    tensor([[ 1.5410,  0.8921],
            [-1.5922, -0.2701]])
    >>> x_logits = torch.tensor([[2.0, -1.0, 0.0], [0.5, 3.0, -2.0]])
    >>> x = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.5]])
    >>> vae_loss(x_logits, x, mu, logvar)
    (tensor(3.6420), tensor([1.1333, 2.1496]), tensor([1.0677, 2.9335]))
"""
import torch
import torch.nn.functional as F


def reparameterize(mu: torch.Tensor, logvar: torch.Tensor,
                   generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 从 generator 采样 eps，然后 mu + sigma · eps（约 2 行）
    raise NotImplementedError


def vae_loss(x_logits: torch.Tensor, x: torch.Tensor, mu: torch.Tensor,
             logvar: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # TODO: 每个样本的重建损失和 KL，以及它们之和的 batch 平均（约 3 行）
    raise NotImplementedError
