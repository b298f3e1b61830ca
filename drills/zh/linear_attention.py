"""线性注意力 Causal linear attention

Softmax 注意力对每个序列的代价是 S²。线性注意力（Katharopoulos et al., 2020，"Transformers
are RNNs"）用特征的乘积 φ(q)·φ(k) 代替 exp(q·k)，这样对 key 的求和可以沿序列累积下去：训练时用
并行形式，生成时用循环形式（一个以矩阵为状态的 RNN）。两种都要实现，且结果必须一致。

使用特征映射 φ(x) = elu(x) + 1（处处为正），token i 的输出为

                 sum_{j<=i} (φ(q_i) · φ(k_j)) v_j        φ(q_i)ᵀ S_i
      out_i  =  ----------------------------------  =  -------------,
                 sum_{j<=i}  φ(q_i) · φ(k_j)            φ(q_i) · z_i

      S_i = sum_{j<=i} φ(k_j) v_jᵀ   (D, D_v),      z_i = sum_{j<=i} φ(k_j)   (D,).

- `q`、`k` 形状为 (B, H, S, D)，`v` 为 (B, H, S, D_v)；返回 (B, H, S, D_v)，dtype 和设备与 q 相同。
  因果：token i 使用 j = 0 .. i 的 key 和 value，包括它自己。不做 1/sqrt(D) 缩放（它在比值中会
  约掉），不用 softmax，不加 eps。

`linear_attention(q, k, v)`——并行形式：所有 token 一次算完，完全不写 Python 循环（不对 token，
也不对 batch 或注意力头循环：有检查会在两种规模下统计你调用 torch 的次数）。带下三角掩码的二次
形式，或外积的累积和，都可以。

`linear_attention_recurrent(q, k, v)`——循环形式：按顺序遍历 token，把 S (B, H, D, D_v) 和
z (B, H, D) 从一个 token 传到下一个，并从中读出 token t 的输出。对 token 的循环正是重点；不要对
batch 或注意力头循环。内存（会评测）：任何中间结果都不能大于输出或输入（B·H·S·max(D, D_v) 个
元素）或状态，所以 (S, S) 的权重、或同时保存全部 S 个状态，都无法通过这一项。工作量（会评测）：
像 RNN 一样与 S 呈线性关系——有检查会在两种长度下统计你的运算产生的元素数和矩阵乘法的乘加次数——
所以每一步都重新读取之前 token 的 key 和 value（总计 O(S²)）也会失败。

示例（B = H = 1，S = 3，D = D_v = 2）:
    >>> q = torch.tensor([[0., 0.], [1., 0.], [0., 1.]]).view(1, 1, 3, 2)   # φ(q) = [1,1], [2,1], [1,2]
    >>> k = torch.tensor([[0., 0.], [0., 1.], [1., 0.]]).view(1, 1, 3, 2)   # φ(k) = [1,1], [1,2], [2,1]
    >>> v = torch.tensor([[1., 0.], [0., 1.], [2., 2.]]).view(1, 1, 3, 2)
    >>> linear_attention(q, k, v)[0, 0]          # token 1: weights 3 and 4 on v_0, v_1: [3, 4] / 7
    tensor([[1.0000, 0.0000],
            [0.4286, 0.5714],
            [0.9167, 1.0833]])
    >>> linear_attention_recurrent(q, k, v)[0, 0]     # the same
"""
import torch
import torch.nn.functional as F


def linear_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    # TODO: 特征映射；权重 phi(q) phi(k)ᵀ，只保留 j <= i；v 的加权和除以
    #       权重之和（约 6 行）
    raise NotImplementedError


def linear_attention_recurrent(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    # TODO: 特征映射；状态 S 和归一化项 z 初始化为零；对每个 token：加上 phi(k_t) v_tᵀ 和
    #       phi(k_t)，读出 phi(q_t)ᵀ S / phi(q_t)·z；把输出 stack 起来（约 12 行）
    raise NotImplementedError
