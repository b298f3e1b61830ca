"""The reference against a contiguous cache: random interleavings of appends, gathers and frees over
several sequences; every gather equals torch.cat of what the sequence appended, every slot returned
is where the pools hold the token, no slot belongs to two live sequences, and the pages follow an
allocator simulated here with plain integers (lowest free page first)."""
import pytest
import torch

from reference.paged_kv_cache import PagedKVCache


class Allocator:
    """Which page each token of each sequence gets, by the prompt's rule, with Python ints."""

    def __init__(self, num_pages, page_size):
        self.free, self.page_size, self.tables, self.lengths = set(range(num_pages)), page_size, {}, {}

    def append(self, seq, n):
        table, slots = self.tables.setdefault(seq, []), []
        for t in range(self.lengths.get(seq, 0), self.lengths.get(seq, 0) + n):
            if t // self.page_size == len(table):
                page = min(self.free)
                self.free.remove(page)
                table.append(page)
            slots.append(table[t // self.page_size] * self.page_size + t % self.page_size)
        self.lengths[seq] = self.lengths.get(seq, 0) + n
        return slots

    def release(self, seq):
        self.free |= set(self.tables.pop(seq))
        del self.lengths[seq]


@pytest.mark.parametrize("page_size", [1, 3, 4, 16])
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16])
def test_agrees_with_a_contiguous_cache(page_size, seed, dtype):
    g = torch.Generator().manual_seed(seed)
    H, D, num_pages = 2, 3, 64
    cache, alloc = PagedKVCache(num_pages, page_size, H, D, dtype=dtype), Allocator(num_pages, page_size)
    contiguous, next_id = {}, 0
    for _ in range(60):
        r = torch.rand((), generator=g).item()
        live = list(contiguous)
        if not live or r < 0.5:
            seq = live[int(torch.randint(len(live), (1,), generator=g))] if live and r < 0.3 else next_id
            next_id += seq == next_id
            T = int(torch.randint(1, 2 * page_size + 2, (1,), generator=g))
            if sum(-(-len(c[0]) // page_size) for c in contiguous.values()) + -(-T // page_size) + 1 > num_pages:
                continue
            k, v = torch.randn(T, H, D, generator=g).to(dtype), torch.randn(T, H, D, generator=g).to(dtype)
            slots = cache.append(seq, k, v)
            assert slots.dtype == torch.long and slots.tolist() == alloc.append(seq, T)
            assert torch.equal(cache.k_pages.view(-1, H, D)[slots], k) and torch.equal(cache.v_pages.view(-1, H, D)[slots], v)
            ks, vs = contiguous.get(seq, ([], []))
            contiguous[seq] = (ks + list(k), vs + list(v))
        elif r < 0.8:
            seq = live[int(torch.randint(len(live), (1,), generator=g))]
            k, v = cache.gather(seq)
            assert torch.equal(k, torch.stack(contiguous[seq][0])) and torch.equal(v, torch.stack(contiguous[seq][1]))
        else:
            seq = live[int(torch.randint(len(live), (1,), generator=g))]
            cache.free(seq)
            alloc.release(seq)
            del contiguous[seq]
        owned = [p for table in cache.block_tables.values() for p in table]
        assert len(owned) == len(set(owned)) and not set(owned) & set(cache.free_pages)


def test_prompt_example():
    cache = PagedKVCache(num_pages=8, page_size=4, n_heads=1, head_dim=2)
    k = torch.randn(17, 1, 2)
    assert cache.append(0, k[:6], k[:6]).tolist() == [0, 1, 2, 3, 4, 5]
    assert cache.append(1, k[6:9], k[6:9]).tolist() == [8, 9, 10]
    assert cache.append(0, k[9:12], k[9:12]).tolist() == [6, 7, 12]
    assert torch.equal(cache.gather(0)[0], torch.cat([k[:6], k[9:12]]))
    cache.free(0)
    assert cache.append(2, k[12:17], k[12:17]).tolist() == [0, 1, 2, 3, 4]
