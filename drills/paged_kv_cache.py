"""Paged KV cache 分页KV缓存

Serve many sequences from one memory pool, as vLLM's PagedAttention does: the keys and values
live in fixed-size pages; each sequence owns a list of pages (its block table) that need not be
contiguous, takes a new page only when its last one is full, and gives its pages back when it
ends. Write `class PagedKVCache`.

`PagedKVCache(num_pages, page_size, n_heads, head_dim, dtype=torch.float32, device=None)`:
- the pools `self.k_pages` and `self.v_pages`, each (num_pages, page_size, n_heads, head_dim)
  of `dtype` on `device` (the grader reads them). Token t of a sequence lives in page
  table[t // page_size] at offset t % page_size; its slot is page * page_size + offset, its row
  in the pool seen as (num_pages * page_size, n_heads, head_dim).
- Pages are handed out lowest-numbered first, from the pages free at that moment (all of them
  at the start); a sequence takes a new page only when a token does not fit in its last one.

Methods:
1. `append(seq_id, k, v) -> slots`: `k`, `v` are (T, n_heads, head_dim), T >= 1, the next T
   tokens of sequence `seq_id` (an int; a new id starts a new, empty sequence). Take the pages
   they need, write them into the pools, and return their slots, a (T,) long tensor on k's
   device (the slot mapping an attention kernel reads).
2. `gather(seq_id) -> (k, v)`: all the sequence's keys and values so far, oldest first, each
   (L, n_heads, head_dim): what a contiguous cache would hold.
3. `free(seq_id) -> None`: the sequence ended: its pages become free again (and may go to any
   sequence); the id is forgotten.
- The grader never asks for more pages than there are. A Python loop over pages is fine; no
  loop over tokens (a check counts your torch calls): write and read them with indexing.
  Inputs are not modified.

Example:
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
        # TODO: the two pools, the free pages, a block table and a length per sequence (about 6 lines)
        raise NotImplementedError

    def append(self, seq_id: int, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        # TODO: take the pages the new tokens need, compute their slots, write k and v (about 10 lines)
        raise NotImplementedError

    def gather(self, seq_id: int) -> tuple[torch.Tensor, torch.Tensor]:
        # TODO: the sequence's pages in order, flattened, trimmed to its length (about 4 lines)
        raise NotImplementedError

    def free(self, seq_id: int) -> None:
        # TODO: give the pages back, keeping the free ones in order (about 2 lines)
        raise NotImplementedError
