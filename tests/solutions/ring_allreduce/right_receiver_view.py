import torch


def reduce_scatter_step(chunks, step):
    N = len(chunks)
    out = []
    for dst in range(N):                      # what each rank ends the step with
        src = (dst - 1) % N
        c = (src - step) % N
        row = list(chunks[dst])
        row[c] = chunks[src][c] + row[c]
        out.append(row)
    sent = [chunks[r][(r - step) % N].nbytes for r in range(N)]
    return out, sent


def all_gather_step(chunks, step):
    N = len(chunks)
    out = []
    for dst in range(N):
        src = (dst - 1) % N
        c = (src + 1 - step) % N
        row = list(chunks[dst])
        row[c] = chunks[src][c]
        out.append(row)
    sent = [chunks[r][(r + 1 - step) % N].nbytes for r in range(N)]
    return out, sent


def ring_allreduce(tensors):
    N = len(tensors)
    size = tensors[0].numel()
    q, rem = divmod(size, N)
    sizes = [q + 1] * rem + [q] * (N - rem)     # what tensor_split(N) gives
    chunks = [list(torch.split(t.reshape(-1), sizes)) for t in tensors]
    total = [0] * N
    for step_fn in (reduce_scatter_step, all_gather_step):
        for s in range(N - 1):
            chunks, sent = step_fn(chunks, s)
            for r in range(N):
                total[r] += sent[r]
    return [torch.cat(row).reshape(t.shape) for row, t in zip(chunks, tensors)], total
