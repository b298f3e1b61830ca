import torch

EXPECT = {
    'ring_allreduce: device (emulated)': 'tensor created on a hard-coded device',
}


def reduce_scatter_step(chunks: list[list[torch.Tensor]], step: int) -> tuple[list[list[torch.Tensor]], list[int]]:
    N = len(chunks)
    out = [list(row) for row in chunks]
    sent = [0] * N
    for r in range(N):
        c, dst = (r - step) % N, (r + 1) % N
        out[dst][c] = out[dst][c] + chunks[r][c]
        sent[r] = chunks[r][c].numel() * chunks[r][c].element_size()
    return out, sent


def all_gather_step(chunks: list[list[torch.Tensor]], step: int) -> tuple[list[list[torch.Tensor]], list[int]]:
    N = len(chunks)
    out = [list(row) for row in chunks]
    sent = [0] * N
    for r in range(N):
        c, dst = (r + 1 - step) % N, (r + 1) % N
        out[dst][c] = chunks[r][c]
        sent[r] = chunks[r][c].numel() * chunks[r][c].element_size()
    return out, sent


def ring_allreduce(tensors: list[torch.Tensor]) -> tuple[list[torch.Tensor], list[int]]:
    N = len(tensors)
    chunks = [list(t.flatten().tensor_split(N)) for t in tensors]
    sent = [0] * N
    for phase in (reduce_scatter_step, all_gather_step):
        for step in range(N - 1):
            chunks, step_sent = phase(chunks, step)
            sent = [a + b for a, b in zip(sent, step_sent)]
    results = []
    for row, t in zip(chunks, tensors):
        flat = torch.empty(0, dtype=t.dtype)            # a buffer made on the CPU
        for chunk in row:
            flat = torch.cat([flat, chunk])
        results.append(flat.view_as(t))
    return results, sent
