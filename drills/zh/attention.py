"""缩放点积注意力 Scaled dot-product attention

实现 `attention(q, k, v, mask=None, causal=False)`：每个 query 对 value 做加权平均，权重取决于
它与每个 key 的匹配程度。

    attention(q, k, v) = softmax(q kᵀ / sqrt(D)) v

- `q` 的形状是 (..., S_q, D)，`k` 是 (..., S_k, D)，`v` 是 (..., S_k, D_v)；三者的前置维度 `...`
  （batch、注意力头，或者根本没有）相同。输出形状为 (..., S_q, D_v)，与 q 的 dtype 和设备相同。
  分数乘以 1/sqrt(D) 缩放，D 是 q 和 k 的最后一维。
- `mask` 为 None 或可广播到 (..., S_q, S_k) 的 bool 张量：True = 该 query 可以关注该 key，
  False = 不可以（其权重严格为 0）。
- `causal=True`：query i 可以关注 key j 当且仅当 j <= i + (S_k - S_q)。因果掩码右下角对齐：
  最后一个 query 能看到所有 key（即接在 KV cache 之后新加入的 query）。S_q == S_k 时就是常见的
  下三角。注意：torch 的 `is_causal` 是左上角对齐的。同时给了 `mask` 和 `causal` 时，key 必须
  两者都允许。
- 所有 key 都被掩码的 query 不评分（那里是 NaN 也可以），但不能把 NaN 扩散到其他 query 的输出。
- 整个 batch 一起算：不要对前置维度写 Python 循环。float16 和 bfloat16 输入也要评分。
- 不要调用 F.scaled_dot_product_attention 或 nn.MultiheadAttention：这道题就是要你手写它。
  可以用 torch.softmax。

示例（S_q=2, S_k=3, D=D_v=2）:
    >>> q = torch.tensor([[1., 0.], [0., 1.]])
    >>> k = torch.tensor([[1., 0.], [0., 1.], [1., 1.]])
    >>> v = torch.tensor([[1., 0.], [0., 1.], [2., 2.]])
    >>> attention(q, k, v)
    tensor([[1.2033, 1.0000],
            [1.0000, 1.2033]])
    >>> attention(q, k, v, causal=True)     # query 0 sees keys 0 and 1, query 1 sees all three
    tensor([[0.6698, 0.3302],
            [1.0000, 1.2033]])
"""
import torch


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None,
              causal: bool = False) -> torch.Tensor:
    # TODO: scores = q kᵀ / sqrt(D)；屏蔽被掩码的 key（causal 时还有未来的 key）；在 key 维上
    # 做 softmax；对 value 加权（约 8 行）
    raise NotImplementedError
