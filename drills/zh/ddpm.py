"""扩散模型DDPM DDPM: schedules, noising, loss and a reverse step

实现 ε-预测去噪扩散模型（Ho 等人 2020）的各个部件。时间步从 0 开始，t = 0 .. T-1，与 diffusers
一致：噪声调度是 β_t 组成的 (T,) 张量 `betas`，并且

    α_t = 1 - β_t,        ᾱ_t = α_0 · α_1 · ... · α_t       (ᾱ_t includes step t itself)

`linear_betas(T, beta_start=1e-4, beta_end=0.02)`：从 beta_start 到 beta_end 均匀分布的 T 个值，
两端都包含（T = 1 时为 [beta_start]）。float32 (T,)。

`cosine_betas(T, s=0.008, max_beta=0.999)`：Nichol & Dhariwal 的调度。记
f(u) = cos²((u + s) / (1 + s) · π/2)，ᾱ_t = f((t + 1) / T) / f(0)，因此对 t = 0 .. T-1，
β_t = min(1 - f((t + 1) / T) / f(t / T), max_beta)。float32 (T,)。

`q_sample(x0, t, noise, betas)`：从 q(x_t | x_0) 中采样 x_t，噪声由参数给定：

    x_t = sqrt(ᾱ_t) · x0 + sqrt(1 - ᾱ_t) · noise

x0 和 noise 的形状是 (B, ...)，后面的形状任意；t 是 LongTensor (B,)，每个样本一个时间步：ᾱ_t 按
样本取出，并在该样本的后续维度上广播。

`ddpm_loss(eps_model, x0, t, noise, betas)`：简单的 ε-预测损失。用 q_sample 把 x0 加噪成 x_t，
让模型预测噪声 `eps_model(x_t, t)`（返回形状与 x_t 相同），返回它与 `noise` 在所有元素上的均方
误差（一个 0 维张量）。

`p_sample(x_t, t, eps, betas, noise)`：一步反向过程 x_t -> x_{t-1}，eps 是模型对 (x_t, t) 的
预测，使用后验方差 β̃_t：

    mean = (x_t - β_t / sqrt(1 - ᾱ_t) · eps) / sqrt(α_t)
    β̃_t  = β_t · (1 - ᾱ_{t-1}) / (1 - ᾱ_t),     with ᾱ_{-1} = 1, so β̃_0 = 0
    x_{t-1} = mean + sqrt(β̃_t) · noise

t = 0 时不加噪声（β̃_0 = 0）：结果就是均值。t 与 q_sample 中一样按样本给出。

- 随机性由调用方负责：`noise`（以及 t）作为参数传入，所以每个函数都是确定性的。会在 float32 和
  float64 下评分：无论 `betas` 是什么 dtype，q_sample、ddpm_loss 和 p_sample 都返回 x0（或 x_t）
  的 dtype；在输入所在的设备上。
- 梯度流向 x0、noise、x_t 和 eps（betas 是常数调度）。不要对 batch 写 Python 循环；不做任何原地
  修改。

示例:
    >>> betas = linear_betas(4, 0.1, 0.4)            # [0.1, 0.2, 0.3, 0.4]: ᾱ = [0.9, 0.72, 0.504, 0.3024]
    >>> x0 = torch.tensor([[1.0, -1.0], [0.5, 2.0]]); noise = torch.tensor([[0.1, 0.2], [-0.3, 0.4]])
    >>> t = torch.tensor([0, 3])
    >>> q_sample(x0, t, noise, betas)                # row 0: sqrt(0.9) · x0 + sqrt(0.1) · noise
    tensor([[ 0.9803, -0.8854],
            [ 0.0244,  1.4339]])
    >>> p_sample(x0, t, noise, betas, noise)         # row 0 (t = 0) is the mean, no noise
    tensor([[ 1.0208, -1.1208],
            [ 0.6710,  2.5480]])
    >>> cosine_betas(1000)[[0, -1]]                  # the last is clipped at max_beta
    tensor([4.1284e-05, 9.9900e-01])
"""
import math

import torch


def linear_betas(T: int, beta_start: float = 1e-4, beta_end: float = 0.02) -> torch.Tensor:
    # TODO: 从 beta_start 到 beta_end 的 T 个值，两端都包含（约 1 行）
    raise NotImplementedError


def cosine_betas(T: int, s: float = 0.008, max_beta: float = 0.999) -> torch.Tensor:
    # TODO: 对 t = 0 .. T 在 u = t / T 处求 f，相邻两项之比，再截断（约 3 行）
    raise NotImplementedError


def q_sample(x0: torch.Tensor, t: torch.Tensor, noise: torch.Tensor, betas: torch.Tensor) -> torch.Tensor:
    # TODO: 用累积乘积求 ᾱ，在 t 处取值并调整形状以便广播（约 3 行）
    raise NotImplementedError


def ddpm_loss(eps_model, x0: torch.Tensor, t: torch.Tensor, noise: torch.Tensor,
              betas: torch.Tensor) -> torch.Tensor:
    # TODO: 用 q_sample 得到 x_t，模型的预测，均方误差（约 2 行）
    raise NotImplementedError


def p_sample(x_t: torch.Tensor, t: torch.Tensor, eps: torch.Tensor, betas: torch.Tensor,
             noise: torch.Tensor) -> torch.Tensor:
    # TODO: 按样本取 β_t、ᾱ_t 和 ᾱ_{t-1}（ᾱ_{-1} = 1），均值，后验方差（约 7 行）
    raise NotImplementedError
