import torch

EXPECT = {
    'reduce_scatter_step: values': "reduce-scatter step s sends chunk (r + 1 - step) % N, all-gather's index: it sends chunk (r - step) % N, so step 0 sends rank r's own chunk r",
    'ring_allreduce: values': "reduce-scatter starts from chunk r + 1 (all-gather's index) instead of chunk r: rank r then owns the full chunk (r + 2) % N, and the all-gather, which starts from chunk (r + 1) % N, passes on partial sums",
    "ring_allreduce: every rank ends with every rank's data": '',
    'ring_allreduce: summed along the ring': '',
}


def reduce_scatter_step(chunks: list[list[torch.Tensor]], step: int) -> tuple[list[list[torch.Tensor]], list[int]]:
    N = len(chunks)
    out = [list(row) for row in chunks]                 # new lists; chunks left alone stay shared
    sent = [0] * N
    for r in range(N):
        c, dst = (r + 1 - step) % N, (r + 1) % N      # the same chunk index as all-gather
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
    for phase in (reduce_scatter_step, all_gather_step):
        for step in range(N - 1):
            chunks, step_sent = phase(chunks, step)
            sent = [a + b for a, b in zip(sent, step_sent)]
    return [torch.cat(row).view_as(t) for row, t in zip(chunks, tensors)], sent
