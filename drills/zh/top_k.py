"""Top-k采样 Top-k filtering and sampling

实现两个函数，即 LLM 解码循环中的 top-k 这一步。

`top_k_filter(logits, k)` 保留每行最可能的 k 个 token，去掉其余的。

- `logits` 是形状为 (..., V) 的浮点张量：前面可以有任意多个维度，最后一维是词表。每行单独过滤。
  `k` 是 >= 1 的整数。
- 规则（Hugging Face 的 TopKLogitsWarper）：一个 token 被保留，当且仅当它的 logit >= 该行第 k 大
  的 logit。所以恰好保留 k 个 token，除非有 token 与第 k 大的值相等：这时它们全部保留。
  `k >= V` 时保留所有 token。
- 返回一个新的 (..., V) 张量，保持词表顺序：保留的 token 保持原 logit，其余变为 -inf（不是 0：
  0 仍然是合法的 logit）。dtype 和设备与 `logits` 相同。不要原地修改 `logits`。

`sample(logits, k, temperature=1.0, generator=None)` 在给定温度下从 top-k 分布
softmax(top_k_filter(logits / temperature, k)) 中为每行采样一个 token id，与 top_p_sample 的做法相同。

- 在过滤（调用你的 top_k_filter）和 softmax 之前先把 logits 除以 `temperature` (> 0)：T < 1 使分布
  更尖锐，T > 1 使其更平缓；在 softmax 之后再除概率，重新归一化后毫无效果。被去掉的 token 绝不能被采到。
- 返回形状为 (...) 的 long 张量（logits 为 (V,) 时返回 0 维张量），位于 logits 所在的设备上。
- 所有随机性都取自 `generator`（例如 torch.multinomial(..., generator=generator)）：同一个设好种子的
  generator 必须给出相同的采样结果，且不能动 torch 的全局 generator。
- 按统计方式评分：用固定种子采样很多次；频率必须与 softmax(top_k_filter(logits / temperature, k))
  吻合（每项检查的误判率低于 1e-6）。

示例:
    >>> logits = torch.tensor([1.0, -1.0, 2.0, 0.5])
    >>> top_k_filter(logits, 2)                    # the 2nd largest is 1.0: keep logits >= 1.0
    tensor([1., -inf, 2., -inf])
    >>> sample(logits, 2, generator=torch.Generator().manual_seed(0))
    tensor(2)                                      # 2 with probability 0.73, 0 with 0.27, never 1 or 3
    >>> sample(logits, 2, temperature=2.0, generator=torch.Generator().manual_seed(0))
    tensor(2)                                      # flatter: 2 with probability 0.62, 0 with 0.38
    >>> top_k_filter(torch.tensor([1.0, 3.0, 3.0, 3.0, 0.0]), 2)   # ties with the 2nd largest stay
    tensor([-inf, 3., 3., 3., -inf])
"""
import torch


def top_k_filter(logits: torch.Tensor, k: int) -> torch.Tensor:
    # TODO: 求每行第 k 大的 logit (torch.topk)，用 masked_fill(-inf) 去掉比它小的 logit
    # ——返回新张量（约 3 行）
    raise NotImplementedError


def sample(logits: torch.Tensor, k: int, temperature: float = 1.0,
           generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 对 logits / temperature 做 top_k_filter，softmax，对各行做 torch.multinomial，再 reshape
    # （约 3 行）
    raise NotImplementedError
