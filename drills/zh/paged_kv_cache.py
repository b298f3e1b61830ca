"""分页KV缓存 Paged KV cache

像 vLLM 的 PagedAttention 那样，用同一个内存池服务多个序列：key 和 value 存放在固定大小的页中；
每个序列拥有一个页列表（即它的 block table），这些页不必连续；只有最后一页满了才申请新页，
序列结束时把自己的页归还。实现 `class PagedKVCache`。

`PagedKVCache(num_pages, page_size, n_heads, head_dim, dtype=torch.float32, device=None)`：
- 池 `self.k_pages` 和 `self.v_pages`，形状均为 (num_pages, page_size, n_heads, head_dim)，
  dtype 为 `dtype`，位于 `device` 上（评测器会读取它们）。序列的第 t 个 token 位于页
  table[t // page_size] 中偏移 t % page_size 处；它的 slot 是 page * page_size + offset，也就是它
  在把池看作 (num_pages * page_size, n_heads, head_dim) 时所在的行。
- 页按编号从小到大分配，从当时空闲的页中取（一开始全部空闲）；只有当某个 token 在序列的最后一页
  放不下时，序列才申请新页。

方法：
1. `append(seq_id, k, v) -> slots`：`k`、`v` 形状为 (T, n_heads, head_dim)，T >= 1，是序列
   `seq_id`（一个 int；新的 id 开启一个新的空序列）接下来的 T 个 token。申请它们需要的页，把它们
   写入池中，并返回它们的 slot：一个位于 k 所在设备上的 (T,) long 张量（即注意力 kernel 读取的
   slot mapping）。
2. `gather(seq_id) -> (k, v)`：该序列到目前为止的所有 key 和 value，从旧到新，形状均为
   (L, n_heads, head_dim)：也就是连续 KV cache 中会存的内容。
3. `free(seq_id) -> None`：序列结束：它的页重新变为空闲（之后可以分给任何序列）；忘掉这个 id。
- 评测器申请的页数永远不会超过总页数。对页写 Python 循环没问题；但不要对 token 循环（有检查会
  统计你调用 torch 的次数）：用索引来写入和读取。不要修改输入。

示例:
    >>> cache = PagedKVCache(num_pages=8, page_size=4, n_heads=1, head_dim=4)
    >>> cache.append(0, k0, v0)          # 6 tokens: pages 0 and 1
    tensor([0, 1, 2, 3, 4, 5])
    >>> cache.append(1, k1, v1)          # 3 tokens: page 2
    tensor([ 8,  9, 10])
    >>> cache.append(0, k2, v2)          # 3 more: page 1 has room for 2, then page 3
    tensor([ 6,  7, 12])
    >>> k, v = cache.gather(0)           # torch.cat([k0, k2]), torch.cat([v0, v2])
    >>> k.shape
    torch.Size([9, 1, 4])
    >>> cache.free(0)                    # pages 0, 1 and 3 are free again
    >>> cache.append(2, k3, v3)          # 5 tokens: the lowest free pages, 0 and 1
    tensor([0, 1, 2, 3, 4])
"""
import torch


class PagedKVCache:
    def __init__(self, num_pages: int, page_size: int, n_heads: int, head_dim: int, dtype=torch.float32,
                 device=None):
        # TODO: 两个池、空闲页、每个序列的 block table 和长度（约 6 行）
        raise NotImplementedError

    def append(self, seq_id: int, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        # TODO: 申请新 token 需要的页，计算它们的 slot，写入 k 和 v（约 10 行）
        raise NotImplementedError

    def gather(self, seq_id: int) -> tuple[torch.Tensor, torch.Tensor]:
        # TODO: 按顺序取该序列的页，展平，截到它的长度（约 4 行）
        raise NotImplementedError

    def free(self, seq_id: int) -> None:
        # TODO: 归还这些页，并保持空闲页有序（约 2 行）
        raise NotImplementedError
