import torch


class PagedKVCache:
    """gather walks the block table page by page (a loop over pages is allowed)."""

    def __init__(self, num_pages, page_size, n_heads, head_dim, dtype=torch.float32, device=None):
        self.k_pages = torch.zeros(num_pages, page_size, n_heads, head_dim, dtype=dtype, device=device)
        self.v_pages = torch.zeros(num_pages, page_size, n_heads, head_dim, dtype=dtype, device=device)
        self.page_size = page_size
        self.free_list = set(range(num_pages))
        self.block_table = {}
        self.num_tokens = {}

    def append(self, seq_id, k, v):
        if seq_id not in self.block_table:
            self.block_table[seq_id], self.num_tokens[seq_id] = [], 0
        table, n = self.block_table[seq_id], self.num_tokens[seq_id]
        T = k.shape[0]
        while len(table) * self.page_size < n + T:
            page = min(self.free_list)
            self.free_list.remove(page)
            table.append(page)
        pos = n + torch.arange(T, device=k.device)
        page_ids = torch.tensor(table, dtype=torch.long, device=k.device)[pos // self.page_size]
        offsets = pos % self.page_size
        self.k_pages[page_ids, offsets] = k
        self.v_pages[page_ids, offsets] = v
        self.num_tokens[seq_id] = n + T
        return page_ids * self.page_size + offsets

    def gather(self, seq_id):
        ks = [self.k_pages[p] for p in self.block_table[seq_id]]
        vs = [self.v_pages[p] for p in self.block_table[seq_id]]
        n = self.num_tokens[seq_id]
        return torch.cat(ks)[:n], torch.cat(vs)[:n]

    def free(self, seq_id):
        self.free_list.update(self.block_table.pop(seq_id))
        del self.num_tokens[seq_id]
