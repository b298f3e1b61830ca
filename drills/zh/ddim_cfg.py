"""DDIM采样与无分类器引导 DDIM step and classifier-free guidance

实现带引导的扩散采样器循环中的两行（Song 等人 2021，DDIM；Ho & Salimans 2022，无分类器引导），
模型均为 ε-预测：

    eps = cfg(eps_uncond, eps_cond, guidance_scale)
    x = ddim_step(x, eps, t, t_prev, alphas_cumprod, eta, noise)

`cfg(eps_uncond, eps_cond, guidance_scale)`：模型在同一个 x_t 上运行了两次，一次不带条件、一次带
条件；把它的两个噪声预测（形状任意，两者相同）组合起来：

    eps = eps_uncond + guidance_scale · (eps_cond - eps_uncond)

所以 guidance_scale = 1 就是条件预测，0 是无条件预测，更大的值会把结果推得离无条件预测更远
（diffusers 的约定；论文中的 w 是 guidance_scale - 1）。引导组合的是预测 ε，在任何一步之前进行。

`ddim_step(x_t, eps, t, t_prev, alphas_cumprod, eta=0.0, noise=None)`：从第 t 步到更早的第 t_prev
步的一步 DDIM（采样器会跳步：t_prev 可以是 -1 .. t - 1 中的任意值）。记 ᾱ = alphas_cumprod (T,)，
a_t = ᾱ[t]，a_prev = ᾱ[t_prev]，其中 t_prev = -1 表示到 x_0 的最后一步，此时 a_prev = 1：

    x0_pred = (x_t - sqrt(1 - a_t) · eps) / sqrt(a_t)
    sigma   = eta · sqrt((1 - a_prev) / (1 - a_t)) · sqrt(1 - a_t / a_prev)
    x_prev  = sqrt(a_prev) · x0_pred + sqrt(1 - a_prev - sigma²) · eps + sigma · noise

- eta 在 [0, 1] 内：eta = 0 是确定性的 DDIM（sigma = 0：不使用 `noise`，它可以是 None）；
  eta = 1 给出 DDPM 的后验方差。eta > 0 时会给出 `noise`（形状与 x_t 相同，标准正态）：随机性由
  调用方负责。
- eta = 1 时，1 - a_prev - sigma² 在舍入误差内为 0，在 float32 下可能舍入到 0 以下：开 sqrt 之前
  先把它 clamp 到 0（在这里出现 NaN 就算失败）。
- t 和 t_prev 是整个 batch 共用的 Python int；x_t 和 eps 形状任意。
- 输出 dtype：无论 alphas_cumprod 是什么 dtype，都与 x_t 相同；在 x_t 所在的设备上。梯度流向
  x_t、eps（对 cfg 则流向两个预测）。不做任何原地修改。

示例:
    >>> ab = torch.tensor([0.9, 0.72, 0.504, 0.3024])
    >>> x = torch.tensor([[1.0, -1.0], [0.5, 2.0]]); e = torch.tensor([[0.1, 0.2], [-0.3, 0.4]])
    >>> cfg(e, x, 3.0)                           # e + 3 · (x - e)
    tensor([[ 2.8000, -3.4000],
            [ 2.1000,  5.2000]])
    >>> ddim_step(x, e, 3, 1, ab)                # eta = 0: deterministic
    tensor([[ 1.4671, -1.6950],
            [ 0.9994,  2.7822]])
    >>> ddim_step(x, e, 3, 1, ab, eta=1.0, noise=torch.tensor([[1.0, 0.0], [0.0, -1.0]]))
    tensor([[ 1.9184, -1.7573],
            [ 1.0930,  2.1750]])
    >>> ddim_step(x, e, 0, -1, ab)               # the last step: a_prev = 1, the result is x0_pred
    tensor([[ 1.0208, -1.1208],
            [ 0.6270,  1.9749]])
"""
import torch


def cfg(eps_uncond: torch.Tensor, eps_cond: torch.Tensor, guidance_scale: float) -> torch.Tensor:
    # TODO: 无条件预测沿着它与条件预测之差移动 guidance_scale 倍（1 行）
    raise NotImplementedError


def ddim_step(x_t: torch.Tensor, eps: torch.Tensor, t: int, t_prev: int, alphas_cumprod: torch.Tensor,
              eta: float = 0.0, noise: torch.Tensor | None = None) -> torch.Tensor:
    # TODO: a_t 和 a_prev（t_prev = -1 时为 1），x0_pred，sigma，指向 x_t 的方向项，噪声项（约 7 行）
    raise NotImplementedError
