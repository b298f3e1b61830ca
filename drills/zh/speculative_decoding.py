"""投机解码 Speculative decoding, one draft/verify step

一个小的草稿模型 (draft model) 提议了 K 个 token；大的目标模型 (target model) 用一次前向传播给它们全部
打了分。决定保留哪些草稿 token，使得输出的 token 的分布与目标模型逐个采样时完全一致（Leviathan et al.
2023；Chen et al. 2023）。实现
`speculative_step(draft_tokens, draft_probs, target_probs, generator=None) -> (tokens, n_accepted)`。

- `draft_tokens` (B, K) long：草稿 token；`draft_tokens[b, i]` 是从 `draft_probs[b, i]` 中采样得到的。
- `draft_probs` (B, K, V)：q_i，草稿模型在草稿位置 i 的分布。
- `target_probs` (B, K + 1, V)：p_i，目标模型在位置 i（前缀加前 i 个草稿 token 之后）的分布；
  `target_probs[:, K]` 是全部 K 个草稿 token 之后的分布。两者的每一行都是概率（非负，和为 1）；
  有些元素可能为 0。
- 对 i = 0, 1, ..., K - 1 依次进行：以概率 min(1, p_i(x_i) / q_i(x_i)) 接受草稿 x_i（在 [0, 1) 中
  均匀采样 u，当且仅当 u < p_i(x_i) / q_i(x_i) 时接受）。第一次拒绝时，从残差分布
  norm(max(0, p_i - q_i))（截断到 0，再除以其和）中采样一个 token 并停止。若 K 个全部被接受，
  再从 p_K 中采样一个额外 (bonus) token。所以每行输出 1 到 K + 1 个 token。
- p_i = q_i 的位置总会被接受：它的残差全为零，永远不会从中采样。
- 返回 `tokens` (B, K + 1) long：第 b 行依次是 n = n_accepted[b] 个被接受的草稿 token、下标 n 处
  采样得到的 token（重采样的或 bonus），然后一直到末尾都是 -1；以及 `n_accepted` (B,) long，取值
  0..K。
- 所有随机性都来自 `generator`（torch.rand(..., generator=generator)、
  torch.multinomial(..., generator=generator)）；不能动 torch 的全局随机状态。评分器检验的是你输出
  的分布（在数千行上统计），而不是某一次具体的采样。
- 对 batch 向量化：不要对 B 行写 Python 循环（检查会在 B 增大时统计你的 torch 调用次数）；对 K 个
  位置循环可以。不要修改输入；你创建的每个张量都要在输入所在的设备上。

示例（B = 1，K = 2，V = 3）：
    >>> g = torch.Generator().manual_seed(0)
    >>> draft_probs = torch.tensor([[[0.5, 0.3, 0.2], [0.2, 0.2, 0.6]]])
    >>> target_probs = torch.tensor([[[0.6, 0.2, 0.2], [0.1, 0.3, 0.6], [0.3, 0.3, 0.4]]])
    >>> tokens, n = speculative_step(torch.tensor([[1, 0]]), draft_probs, target_probs, g)
    Draft 1 is accepted with probability 0.2 / 0.3 = 2/3; if rejected, the residual is
    max(0, [0.1, -0.1, 0.0]) -> [1, 0, 0]: tokens = [[0, -1, -1]], n = [0]       (probability 1/3)
    Draft 0 is then accepted with probability 0.1 / 0.2 = 1/2; if rejected, the residual
    [0, 0.1, 0] gives token 1: tokens = [[1, 1, -1]], n = [1]                     (probability 1/3)
    Both accepted: a bonus token y from [0.3, 0.3, 0.4]: tokens = [[1, 0, y]], n = [2]  (1/3)
    >>> speculative_step(torch.tensor([[0, 2]]), draft_probs, target_probs, g)
    (tensor([[0, 2, y]]), tensor([2]))     # p >= q for both drafts: always accepted, y ~ p_2
"""
import torch


def speculative_step(draft_tokens: torch.Tensor, draft_probs: torch.Tensor, target_probs: torch.Tensor,
                     generator: torch.Generator | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 每个草稿 token 的 p 和 q (gather)，从 generator 取 u，accepted = u < p / q，n = 第一次
    # 拒绝之前被接受的个数 (cumprod)，每行从位置 n 的残差或 p_K 中采样一个 token，
    # 再组装 tokens，下标 n 之后填 -1（约 14 行）
    raise NotImplementedError
