import torch


class PagedKVCache:
    def __init__(self, num_pages: int, page_size: int, n_heads: int, head_dim: int, dtype=torch.float32,
                 device=None):
        # one pool of fixed-size pages shared by every sequence; a sequence owns a list of pages
        self.k_pages = torch.zeros(num_pages, page_size, n_heads, head_dim, dtype=dtype, device=device)
        self.v_pages = torch.zeros_like(self.k_pages)
        self.page_size = page_size
        self.free_pages = list(range(num_pages))          # kept sorted: the lowest free page goes first
        self.block_tables: dict[int, list[int]] = {}      # seq_id -> its pages, in token order
        self.lengths: dict[int, int] = {}

    def append(self, seq_id: int, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
        table = self.block_tables.setdefault(seq_id, [])
        start = self.lengths.get(seq_id, 0)
        end = start + k.shape[0]
        needed = -(-end // self.page_size) - len(table)   # ceil: a partly filled page counts
        table += self.free_pages[:needed]
        del self.free_pages[:needed]
        pos = torch.arange(start, end, device=k.device)   # the new tokens' positions in the sequence
        pages = torch.tensor(table, device=k.device)[pos // self.page_size]
        slots = pages * self.page_size + pos % self.page_size    # (T,) rows of the flattened pool
        self.k_pages.view(-1, *k.shape[1:])[slots] = k
        self.v_pages.view(-1, *v.shape[1:])[slots] = v
        self.lengths[seq_id] = end
        return slots

    def gather(self, seq_id: int) -> tuple[torch.Tensor, torch.Tensor]:
        table = torch.tensor(self.block_tables[seq_id], device=self.k_pages.device)
        n = self.lengths[seq_id]
        k = self.k_pages[table].flatten(0, 1)[:n]         # its pages in order, the last one trimmed
        v = self.v_pages[table].flatten(0, 1)[:n]
        return k, v

    def free(self, seq_id: int) -> None:
        self.free_pages = sorted(self.free_pages + self.block_tables.pop(seq_id))
        del self.lengths[seq_id]
