"""GAN损失函数 GAN losses: non-saturating, hinge and WGAN-GP

实现三种 GAN 形式下判别器和生成器的损失，以及 WGAN-GP 的梯度惩罚。判别器（或 critic）对每个样本
给出一个原始分数，在 "ns" 中它是 LOGIT（D(x) = sigmoid(logit)）：真实数据上的 `real_logits` 和
生成数据上的 `fake_logits`，都是浮点张量 (B,)。每个损失都是 0 维张量，即对 batch 取的平均。

`d_loss(real_logits, fake_logits, kind="ns")`（判别器最小化它）：

    "ns"     binary cross-entropy, real labelled 1, fake labelled 0:
             mean(-log sigmoid(real)) + mean(-log(1 - sigmoid(fake)))
    "hinge"  mean(relu(1 - real)) + mean(relu(1 + fake))
    "wgan"   mean(fake) - mean(real)

`g_loss(fake_logits, kind="ns")`（生成器最小化它）：

    "ns"     the NON-saturating loss mean(-log sigmoid(fake)); not the saturating
             mean(log(1 - sigmoid(fake))), whose gradient vanishes when D rejects the fakes
    "hinge"  -mean(fake)
    "wgan"   -mean(fake)

- logits 达到 ±100 时也要数值稳定：sigmoid 舍入成 0 或 1 时不能得到 log(0)
  （-log sigmoid(z) = softplus(-z)）。梯度流向 logits。不要对 batch 写 Python 循环。

`gradient_penalty(critic, real, fake, generator=None)`：WGAN-GP 的梯度惩罚（Gulrajani 等人
2017），调用方会把它乘以权重（10）后加到 critic 的 "wgan" 损失上：

    alpha = torch.rand(B, generator=generator, dtype=real.dtype, device=real.device)
    x_hat = alpha · real + (1 - alpha) · fake          one alpha per sample, broadcast over it
    penalty = mean over the batch of (‖∇ critic(x_hat)‖₂ - 1)²

- real 和 fake 的形状是 (B, ...)，后面的形状任意（fake 来自生成器，已经 detach）；
  `critic(x)` 把 (B, ...) 映射为分数 (B,)。∇ 是样本 i 的分数对 x_hat[i] 的梯度；它的范数取遍该
  样本的所有元素。
- alpha 必须恰好用上面那个调用采样，而且这是唯一的随机调用（会用同样的采样结果来评分）。
- 惩罚项必须能训练 critic：它的值要经由梯度保留计算图
  （torch.autograd.grad(..., create_graph=True)），这样 penalty.backward() 才能到达 critic 的
  参数。不做任何原地修改。

示例:
    >>> real, fake = torch.tensor([2.0, -1.0, 0.5]), torch.tensor([-3.0, 0.0, 1.0])
    >>> d_loss(real, fake), d_loss(real, fake, "hinge"), d_loss(real, fake, "wgan")
    (tensor(1.3231), tensor(1.8333), tensor(-1.1667))
    >>> g_loss(fake), g_loss(fake, "hinge")
    (tensor(1.3517), tensor(0.6667))
    >>> critic = lambda x: (x ** 2).sum(1)             # gradient 2 · x_hat; alpha = [0.4963, 0.7682]
    >>> gradient_penalty(critic, torch.ones(2, 2), torch.zeros(2, 2), torch.Generator().manual_seed(0))
    tensor(0.7693, grad_fn=<MeanBackward0>)
"""
import torch
import torch.nn.functional as F


def d_loss(real_logits: torch.Tensor, fake_logits: torch.Tensor, kind: str = "ns") -> torch.Tensor:
    # TODO: 每种 kind 一行；对 "ns"，-log sigmoid(z) = softplus(-z)（约 6 行）
    raise NotImplementedError


def g_loss(fake_logits: torch.Tensor, kind: str = "ns") -> torch.Tensor:
    # TODO: 非饱和损失，或 -mean(fake)（约 3 行）
    raise NotImplementedError


def gradient_penalty(critic, real: torch.Tensor, fake: torch.Tensor,
                     generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 每个样本一个 alpha，需要梯度的 x_hat，用 create_graph=True 求 critic 的梯度，
    # 逐样本的范数，与 1 之差平方的平均（约 6 行）
    raise NotImplementedError
