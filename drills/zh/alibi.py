"""线性偏置注意力 ALiBi: attention with linear biases

ALiBi（Press et al., 2022；BLOOM、MPT）完全不加位置编码：每个注意力头按 key 与 query 的距离线性地
惩罚该 key，斜率因头而异，因此在短序列上训练的模型到了更长的序列上依然表现正常。实现这两部分。

`alibi_slopes(n_heads) -> (n_heads,) float32`，每个头的斜率：
- n 是 2 的幂：首项与公比都为 r = 2^(-8/n) 的等比数列：
  slopes = [r^1, r^2, ..., r^n] = 2^(-8·1/n), 2^(-8·2/n), ..., 2^(-8)。第 0 个头的斜率最大。
- 否则，设 2^k 为小于 n 的最大的 2 的幂：前 2^k 个头取上面 2^k 个头的斜率；其余 n - 2^k 个头
  从 2^(k+1) 个头的斜率序列中从第一个开始隔一个取一个：2^(-8·1/2^(k+1)), 2^(-8·3/2^(k+1)),
  2^(-8·5/2^(k+1)), ...（这些值正好落在前面那些斜率之间）。

`alibi_attention(q, k, v, slopes) -> (B, H, S_q, D)`，带偏置的因果注意力：
- `q` 形状为 (B, H, S_q, D)，`k` 和 `v` 为 (B, H, S_k, D)，`slopes` 为 (H,)（任意正值，
  不一定是 alibi_slopes(H)）；输出与 q 的 dtype 和设备相同。
- 因果掩码右下对齐：query i 位于位置 p = i + (S_k - S_q)，key j 位于 j，query i 能看到 key j
  当且仅当 j <= p。可见 key 的分数为

      q_i · k_j / sqrt(D)  -  slopes[h] · (p - j)

  （偏置在 1/sqrt(D) 缩放之后再加；距离为 0 的 key 不受惩罚。）
- 当 S_q > S_k 时，前 S_q - S_k 个 query 看不到任何 key：这部分不评分，但其余位置不能出现 NaN。
- 不要对 batch 或注意力头写 Python 循环（检查会在两种规模下统计你的 torch 调用次数）。Float16
  和 bfloat16 也会评分。不要调用 F.scaled_dot_product_attention；可以用 torch.softmax。

示例:
    >>> alibi_slopes(8)
    tensor([0.5000, 0.2500, 0.1250, 0.0625, 0.0312, 0.0156, 0.0078, 0.0039])
    >>> alibi_slopes(6)          # 4 heads' slopes, then every other one of 8 heads': 2^-1, 2^-3
    tensor([0.2500, 0.0625, 0.0156, 0.0039, 0.5000, 0.1250])
    >>> q = k = torch.zeros(1, 2, 3, 1)          # all scores 0: only the bias decides
    >>> v = torch.tensor([0., 1., 2.]).view(1, 1, 3, 1).expand(1, 2, 3, 1)
    >>> alibi_attention(q, k, v, torch.tensor([0.5, 0.0625])).flatten()
    tensor([0.0000, 0.6225, 1.3202, 0.0000, 0.5156, 1.0416])
    (query 1 of head 0: softmax([-0.5, 0]) @ [0, 1] = 0.6225)
"""
import torch


def alibi_slopes(n_heads: int) -> torch.Tensor:
    # TODO: 先取 <= n_heads 的最大 2 的幂对应的等比斜率，剩下的头取两倍头数斜率序列中
    #       隔一个取一个的值（约 6 行）
    raise NotImplementedError


def alibi_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, slopes: torch.Tensor) -> torch.Tensor:
    # TODO: 缩放后的分数；距离 p - j (S_q, S_k)；减去 slopes[:, None, None] * distance；
    #       遮住未来的 key；沿 key 做 softmax；再 @ v（约 8 行）
    raise NotImplementedError
