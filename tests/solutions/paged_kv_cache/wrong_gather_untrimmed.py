import torch

EXPECT = {
    'PagedKVCache.gather: shape': "gather returns whole pages: trim to the sequence's length (the last page is partly filled)",
    'PagedKVCache.free: shape': "gather returns whole pages: trim to the sequence's length (the last page is partly filled)",
}


class PagedKVCache:
    def __init__(self, num_pages, page_size, n_heads, head_dim, dtype=torch.float32, device=None):
        self.k_pages = torch.zeros(num_pages, page_size, n_heads, head_dim, dtype=dtype, device=device)
        self.v_pages = torch.zeros_like(self.k_pages)
        self.page_size = page_size
        self.free_pages = list(range(num_pages))
        self.tables = {}
        self.lengths = {}

    def append(self, seq_id, k, v):
        table = self.tables.setdefault(seq_id, [])
        start = self.lengths.get(seq_id, 0)
        end = start + k.shape[0]
        needed = (end + self.page_size - 1) // self.page_size
        while len(table) < needed:
            table.append(self.free_pages.pop(0))
        pos = torch.arange(start, end, device=k.device)
        pages = torch.tensor(table, device=k.device)[pos // self.page_size]
        slots = pages * self.page_size + pos % self.page_size
        self.k_pages.view(-1, *k.shape[1:])[slots] = k
        self.v_pages.view(-1, *v.shape[1:])[slots] = v
        self.lengths[seq_id] = end
        return slots

    def gather(self, seq_id):
        pages = torch.tensor(self.tables[seq_id], device=self.k_pages.device)
        n = self.lengths[seq_id]
        return self.k_pages[pages].flatten(0, 1), self.v_pages[pages].flatten(0, 1)

    def free(self, seq_id):
        self.free_pages = sorted(self.free_pages + self.tables.pop(seq_id))
        del self.lengths[seq_id]
