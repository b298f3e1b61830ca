import torch


def _step(chunks, index, combine):
    N = len(chunks)
    incoming = {(r + 1) % N: (index(r), chunks[r][index(r)]) for r in range(N)}
    new = [[combine(chunks[d][c], incoming[d][1]) if c == incoming[d][0] else chunks[d][c] for c in range(N)]
           for d in range(N)]
    sent = [int(chunks[r][index(r)].numel()) * chunks[r][index(r)].element_size() for r in range(N)]
    return new, sent


def reduce_scatter_step(chunks, step):
    N = len(chunks)
    return _step(chunks, lambda r: (r - step) % N, lambda mine, theirs: mine + theirs)


def all_gather_step(chunks, step):
    N = len(chunks)
    return _step(chunks, lambda r: (r + 1 - step) % N, lambda mine, theirs: theirs)


def ring_allreduce(tensors):
    N = len(tensors)
    state = [list(torch.flatten(t).tensor_split(N)) for t in tensors]
    log = []
    for s in range(N - 1):
        state, sent = reduce_scatter_step(state, s)
        log.append(sent)
    for s in range(N - 1):
        state, sent = all_gather_step(state, s)
        log.append(sent)
    bytes_sent = [sum(col) for col in zip(*log)] if log else [0] * N
    return [torch.cat(row).view(t.shape) for row, t in zip(state, tensors)], bytes_sent
