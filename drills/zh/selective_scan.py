"""选择性扫描 Selective scan (Mamba)

Mamba 的核心：一个参数随输入变化的线性递推（所谓“选择性”）。D 个通道各自维护一个 N 维状态；
每一步状态先衰减，再吸收新的输入，输出则从状态中读出：

      h_t = exp(Δ_t A) ∘ h_{t-1} + Δ_t B_t x_t          (per channel d: h is (N,), exp elementwise)
      y_t = C_t · h_t                                   (a sum over the N state dims)

也就是说，对 batch 元素 b、时间步 t、通道 d 和状态维 n：
      h[b, t, d, n] = exp(delta[b, t, d] · A[d, n]) · h[b, t-1, d, n] + delta[b, t, d] · B[b, t, n] · x[b, t, d]
      y[b, t, d]    = sum_n C[b, t, n] · h[b, t, d, n]
第一步之前的 h = 0。（exp(Δ A) 和 Δ B 是连续系统的离散化：A 和 B 都按步长 Δ 缩放。）

输入：`x` (batch, L, D)；`delta` (batch, L, D)，> 0；`A` (D, N)，< 0；`B`、`C` (batch, L, N)。
返回 y (batch, L, D)，dtype 和设备与 x 相同。写出结果一致的两种形式：

`selective_scan(x, delta, A, B, C)`——顺序版：每个时间步做一步递推。对时间的循环无法避免；
但不能对 batch、通道或状态维写 Python 循环（会在这几个维度取两种大小，数你的 torch 调用次数）。

`selective_scan_chunked(x, delta, A, B, C, chunk_size=64)`——分块版：把序列切成每块
`chunk_size` 步的块（最后一块可以更短），对块循环，每块内部并行计算——块内不能有 Python 循环
（会用块数相同的两种块大小数你的 torch 调用次数），而且任何中间张量都不能超过一个块的两两衰减量的两倍，
即 2 · batch · chunk_size² · D · N 个元素（会测量你最大的中间张量）。在一个块内，
令 a_t = Δ_t A，cum_t = a_start + ... + a_t：
      h_t = exp(cum_t) ∘ h_in + sum_{s<=t} exp(cum_t - cum_s) ∘ Δ_s B_s x_s
其中 h_in 是上一块结束时的状态：要在块之间传递。衰减可能很强（cum_t 低至 -1000）：
s <= t 时 exp(cum_t - cum_s) 没问题，但 exp(-cum_s) 会溢出，而且 s > t 的配对必须在取指数之前
做掩码，而不是之后。

两种形式都会带梯度评分（梯度也要经过 delta、A、B、C 和 x）。

示例（batch 1，L = 3，D = 1，N = 2；Δ 处处为 0.5，所以 exp(Δ A) = [0.6065, 0.3679]）:
    >>> x = torch.tensor([[[1.0], [0.0], [2.0]]])
    >>> delta = torch.full((1, 3, 1), 0.5)
    >>> A = torch.tensor([[-1.0, -2.0]])
    >>> B = torch.tensor([[[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]])
    >>> C = torch.ones(1, 3, 2)
    >>> selective_scan(x, delta, A, B, C).flatten()      # h: [0.5, 0], [0.3033, 0], [0.1839, 1.0]
    tensor([0.5000, 0.3033, 1.1839])
    >>> selective_scan_chunked(x, delta, A, B, C, chunk_size=2).flatten()
    tensor([0.5000, 0.3033, 1.1839])
"""
import torch


def selective_scan(x: torch.Tensor, delta: torch.Tensor, A: torch.Tensor, B: torch.Tensor,
                   C: torch.Tensor) -> torch.Tensor:
    # TODO: 为每一步算出衰减 exp(delta A) 和输入 delta B x，形状 (batch, L, D, N)；状态置零；
    #       每一步：更新状态，读出 y_t = sum_n C_t h_t；最后 stack（约 9 行）
    raise NotImplementedError


def selective_scan_chunked(x: torch.Tensor, delta: torch.Tensor, A: torch.Tensor, B: torch.Tensor, C: torch.Tensor,
                           chunk_size: int = 64) -> torch.Tensor:
    # TODO: 状态置零；对每个块：累积对数衰减，两两衰减量并对 s > t 做掩码，
    #       由输入和传入的状态求各步状态，算输出，把最后的状态传下去（约 16 行）
    raise NotImplementedError
