import torch

EXPECT = {
    'ring_allreduce: values': 'chunks of size // N: the last size % N elements are never reduced; tensor_split(N) covers every element',
    'ring_allreduce: bytes sent: 2 (N - 1) / N · size per rank': '',
    "ring_allreduce: every rank ends with every rank's data": '',
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
    k = tensors[0].numel() // N
    flats = [t.flatten() for t in tensors]
    chunks = [[f[i * k:(i + 1) * k] for i in range(N)] for f in flats]
    sent = [0] * N
    for phase in (reduce_scatter_step, all_gather_step):
        for step in range(N - 1):
            chunks, step_sent = phase(chunks, step)
            sent = [a + b for a, b in zip(sent, step_sent)]
    return [torch.cat(row + [f[N * k:]]).view_as(t) for row, f, t in zip(chunks, flats, tensors)], sent
