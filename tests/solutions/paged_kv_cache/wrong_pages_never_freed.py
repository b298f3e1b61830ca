import torch

EXPECT = {
    'PagedKVCache.append: values': "freed pages not handed out again lowest first: free() gives the sequence's pages back to the free list, kept sorted, and the lowest free page is the next one taken",
    'PagedKVCache.append: no slot held by two live sequences': '',
    'PagedKVCache.gather: runs': '',
    'PagedKVCache.free: values': "freed pages not handed out again lowest first: free() gives the sequence's pages back to the free list, kept sorted, and the lowest free page is the next one taken",
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
        return self.k_pages[pages].flatten(0, 1)[:n], self.v_pages[pages].flatten(0, 1)[:n]

    def free(self, seq_id):
        self.tables.pop(seq_id)                            # its pages are lost
        del self.lengths[seq_id]
