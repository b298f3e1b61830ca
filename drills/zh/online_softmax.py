"""单查询在线softmax Online softmax, one query

实现 `online_softmax_attention(q, k, v)`：一个 query 对 N 个 key 的注意力输出，借助一个运行中的
最大值，只对 key 遍历一遍就算出来，这正是 FlashAttention 所基于的思想。

    out = softmax(k @ q) @ v          scores s_i = k_i · q   (no 1/sqrt(D) scaling in this drill)

- `q` 是 (D,)，`k` 是 (N, D)，`v` 是 (N, D_v)，N >= 1；输出是 (D_v,)，dtype 和设备与 q 相同。
  分数就是普通的点积：要得到缩放后的注意力，传入 q / sqrt(D) 即可。
- 只遍历一遍：按顺序访问 key（一次一个，或者按小块），只维护
      m  the largest score seen so far,
      d  the sum of exp(s_j - m) over the keys seen so far,
      o  the sum of exp(s_j - m) * v_j over the keys seen so far (a (D_v,) vector).
  新分数 s 到来时，m_new = max(m, s)；之前累加的所有量都是相对旧的 m 计算的，所以在加上
  exp(s - m_new) 之前，要先把它们乘以 exp(m - m_new) 重新缩放：
      d = d * exp(m - m_new) + exp(s - m_new)
      o = o * exp(m - m_new) + exp(s - m_new) * v_i
  最后 out = o / d。
- 关键在于绝不同时保存全部 N 个分数：会在长输入（N = 256）上检查，你的代码创建的任何张量都不能
  超过 N/4 = 64 个元素。先对所有 key 算 `k @ q` 再做 softmax，是两遍的版本，不是这道题要的。
- 工作量与 N 成线性：每个 key 只访问一次（有一项检查会在两个 N 值下统计你的运算产生的元素数），
  所以每一步都对目前见过的所有 key 重新计算 d 和 o（O(N²)）是不行的。
- 分数大到 1e4 也必须能算：运行最大值就是为此准备的。
- 只对 key 循环：每个 key 的分数 k_i · q 以及 o 的更新都是张量运算，不要对 D 或 D_v 个特征写
  Python 循环（有一项检查会在两种特征维度下统计你的 torch 调用次数）。
- 不要调用 torch.softmax、F.softmax、log_softmax 或 logsumexp。

示例（D = 1，N = 3）:
    >>> q = torch.tensor([1.0])
    >>> k = torch.tensor([[1.0], [3.0], [2.0]])           # scores 1, 3, 2
    >>> v = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    >>> online_softmax_attention(q, k, v)               # weights softmax([1, 3, 2]) = [0.090, 0.665, 0.245]
    tensor([0.3348, 0.9100])
    # after key 0: m = 1, d = 1,                      o = [1, 0]
    # after key 1: m = 3, d = 1·e^-2 + 1 = 1.1353,    o = [1, 0]·e^-2 + [0, 1] = [0.1353, 1]
    # after key 2: m = 3, d = 1.1353 + e^-1 = 1.5032, o = [0.1353, 1] + e^-1·[1, 1] = [0.5032, 1.3679]
"""
import torch


def online_softmax_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    # TODO: 用第一个 key 初始化 m、d、o；之后每来一个 key，先更新运行最大值、重新缩放 d 和 o，
    # 再把它加进去；返回 o / d（约 12 行）
    raise NotImplementedError
