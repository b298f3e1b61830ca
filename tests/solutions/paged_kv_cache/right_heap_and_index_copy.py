import heapq

import torch


class PagedKVCache:
    def __init__(self, num_pages, page_size, n_heads, head_dim, dtype=torch.float32, device=None):
        shape = (num_pages, page_size, n_heads, head_dim)
        self.k_pages = torch.zeros(shape, dtype=dtype, device=device)
        self.v_pages = torch.zeros(shape, dtype=dtype, device=device)
        self.page_size = page_size
        self.heap = list(range(num_pages))           # a min-heap of free pages
        self.tables = {}
        self.sizes = {}

    def append(self, seq_id, k, v):
        table = self.tables.setdefault(seq_id, [])
        n0 = self.sizes.get(seq_id, 0)
        n1 = n0 + k.shape[0]
        while len(table) * self.page_size < n1:
            table.append(heapq.heappop(self.heap))
        t = torch.arange(n0, n1, device=k.device)
        block = torch.as_tensor(table, device=k.device)
        slots = block[torch.div(t, self.page_size, rounding_mode="floor")] * self.page_size + t.remainder(self.page_size)
        self.k_pages.view(-1, *k.shape[1:]).index_copy_(0, slots, k)
        self.v_pages.view(-1, *v.shape[1:]).index_copy_(0, slots, v)
        self.sizes[seq_id] = n1
        return slots

    def gather(self, seq_id):
        n = self.sizes[seq_id]
        t = torch.arange(n, device=self.k_pages.device)
        block = torch.as_tensor(self.tables[seq_id], device=self.k_pages.device)
        slots = block[t // self.page_size] * self.page_size + t % self.page_size
        flat_k = self.k_pages.flatten(0, 1)
        flat_v = self.v_pages.flatten(0, 1)
        return flat_k.index_select(0, slots), flat_v.index_select(0, slots)

    def free(self, seq_id):
        for page in self.tables.pop(seq_id):
            heapq.heappush(self.heap, page)
        self.sizes.pop(seq_id)
