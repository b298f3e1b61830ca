import torch

EXPECT = {
    'ring_allreduce: values': "reduce-scatter runs N steps instead of N - 1: one rank's data is added twice",
    'ring_allreduce: bytes sent: 2 (N - 1) / N · size per rank': '',
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
    for phase, steps in ((reduce_scatter_step, N), (all_gather_step, N - 1)):
        for step in range(steps):
            chunks, step_sent = phase(chunks, step)
            sent = [a + b for a, b in zip(sent, step_sent)]
    return [torch.cat(row).view_as(t) for row, t in zip(chunks, tensors)], sent
