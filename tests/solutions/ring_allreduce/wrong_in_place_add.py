import torch

EXPECT = {
    'reduce_scatter_step: inputs unchanged': 'a chunk added into in place (+=, add_): the given tensors must stay as they were; new[dst][c] = new[dst][c] + data',
    'ring_allreduce: inputs unchanged': 'a chunk added into in place (+=, add_): the given tensors must stay as they were; new[dst][c] = new[dst][c] + data',
}


def reduce_scatter_step(chunks: list[list[torch.Tensor]], step: int) -> tuple[list[list[torch.Tensor]], list[int]]:
    N = len(chunks)
    out = [list(row) for row in chunks]                 # new lists; chunks left alone stay shared
    sent = [0] * N
    for r in range(N):
        c, dst = (r - step) % N, (r + 1) % N
        out[dst][c] = out[dst][c].add_(chunks[r][c])
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
    for phase in (reduce_scatter_step, all_gather_step):
        for step in range(N - 1):
            chunks, step_sent = phase(chunks, step)
            sent = [a + b for a, b in zip(sent, step_sent)]
    return [torch.cat(row).view_as(t) for row, t in zip(chunks, tensors)], sent
