"""KV缓存 KV-cache decoding

用 KV cache 做生成：模型一次解码一个 token 时，已经见过的 token 的 key 和 value 不会再变，所以
把它们存进缓存而不是重新计算；每一步只对新 token 做投影。要实现两样东西。

1. `class KVCache`，包括 `KVCache()`（空缓存）和 `update(k_new, v_new) -> (k_all, v_all)`：
   `k_new`、`v_new` 的形状是 (B, n_kv_heads, T, head_dim)，T 为新 token 数（解码时 T = 1；T > 1
   表示用 prompt 填充缓存）。`update` 沿时间维（dim 2）把它们追加进去，并返回目前缓存的全部内容，
   各自形状为 (B, n_kv_heads, T_total, head_dim)，最早的在前。

2. `decode_step(x_t, attn, cache, pos) -> (B, 1, d_model)`：对位置 `pos`（int；位置 0..pos-1
   已在 `cache` 中）的 token 做一步带 RoPE 的因果分组查询注意力。
   - `x_t` 的形状是 (B, 1, d_model)。`attn` 是 gqa 那道题里的 GroupedQueryAttention，只用它的
     权重和尺寸：`attn.q_proj, attn.k_proj, attn.v_proj, attn.o_proj`（无偏置的 nn.Linear：
     q 为 (n_heads*head_dim, d_model)，k 和 v 为 (n_kv_heads*head_dim, d_model)，o 为
     (d_model, n_heads*head_dim)），以及整数 `attn.n_heads, attn.n_kv_heads, attn.head_dim`。
     不要调用 attn(...) 本身：它既没有 RoPE 也没有缓存。
   - q = q_proj(x_t) 拆成 (B, n_heads, 1, head_dim)，k 和 v 拆成 (B, n_kv_heads, 1, head_dim)
     （第 h 个头拥有特征 h*head_dim:(h+1)*head_dim）。
   - 在位置 `pos` 上对 q 和 k（不包括 v）施加 RoPE，且要在 k 存入缓存之前：缓存里存的是已经
     旋转过的 key，每个都按它自己的位置旋转。配对方式与 rope 那道题一样用 rotate-half：
     第 i 维与第 i + head_dim/2 维配对，角度为 pos * 10000 ** (-2i / head_dim)，
     rope(x) = x * cos + cat(-x[..., D/2:], x[..., :D/2]) * sin（每个角度在前后两半各用一次）。
     这个辅助函数自己写。
   - k_all, v_all = cache.update(k, v)；第 h 个 query 头读第 h // (n_heads // n_kv_heads) 个
     kv 头；新 token 关注所有缓存中的 token（包括它自己）：
     softmax(q k_allᵀ / sqrt(head_dim)) v_all；各头并排拼成 (B, 1, n_heads*head_dim)，再过 o_proj。
- 逐步解码整条序列的结果，必须等于对整条序列做一次因果计算（RoPE 位置为 0..S-1）的结果；
  评分器会检查这一点，有时会先通过 `update` 把 prompt 的 key（已旋转）和 value 填进缓存。
- 除了在缓存上做注意力之外，每一步的开销必须与前缀长度无关：有一项检查会统计每一步矩阵乘法中的
  乘加次数；重新计算之前 token 的 key 和 value 会通不过。也不要对 batch 或注意力头写 Python
  循环（有一项检查会统计你的 torch 调用次数）。所有张量都建在 x_t 所在的设备上。

示例:
    >>> cache = KVCache()
    >>> k, v = cache.update(torch.randn(2, 2, 3, 4), torch.randn(2, 2, 3, 4))   # a 3-token prompt
    >>> k, v = cache.update(torch.randn(2, 2, 1, 4), torch.randn(2, 2, 1, 4))   # one more token
    >>> k.shape                                                                 # (B, n_kv, T, hd)
    torch.Size([2, 2, 4, 4])
    >>> attn = GroupedQueryAttention(d_model=16, n_heads=4, n_kv_heads=2)        # head_dim 4
    >>> x, cache = torch.randn(2, 3, 16), KVCache()
    >>> outs = [decode_step(x[:, t:t + 1], attn, cache, pos=t) for t in range(3)]
    >>> torch.cat(outs, dim=1).shape          # equals causal GQA with RoPE over all of x at once
    torch.Size([2, 3, 16])
    Step 0 sees only itself: its output is o_proj of its own value heads (each kv head's v for
    the query heads reading it).
"""
import torch


class KVCache:
    def __init__(self):
        # TODO: 初始为空（约 1 行）
        raise NotImplementedError

    def update(self, k_new: torch.Tensor, v_new: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        # TODO: 沿 dim 2 追加（或存下第一块），返回全部 key 和 value（约 6 行）
        raise NotImplementedError


def decode_step(x_t: torch.Tensor, attn, cache: KVCache, pos: int) -> torch.Tensor:
    # TODO: 对 x_t 投影，拆分注意力头，在 pos 处对 q 和 k 施加 RoPE，cache.update，在缓存上做分组
    # 注意力，合并注意力头，o_proj（约 16 行，外加一个小的 rope 辅助函数）
    raise NotImplementedError
