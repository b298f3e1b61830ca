"""ring_allreduce: three entries. The two step functions are each graded as a whole phase from a
split state, step by step (a Trace of every rank's chunks and the bytes each sent, so a failure
names the first step that differs); ring_allreduce on its results and per-rank bytes. Particular
to it: sizes not divisible by N and smaller than N (empty chunks), N from 1, reference-free
invariants for the communication bound (2 (N - 1) / N · size per rank, 2 (N - 1) · size in all),
for every rank ending with every rank's data (ranks holding 2^r, so a result names which ranks'
data it holds), and for the sum being built along the ring (values whose float32 rounding depends
on the order of the additions)."""
import math

from hypothesis import strategies as st

import torch
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed, Trace

META = dict(title="Ring all-reduce", zh="环形全归约", topic="distributed", difficulty="medium", minutes=25,
            oracle="the elementwise sum of the ranks' tensors; the 2(N-1)/N · size communication bound")
HINTS = [
    "Split once: chunks = [list(t.flatten().tensor_split(N)) for t in tensors]. A step copies the outer lists "
    "(new = [list(row) for row in chunks]) and replaces entries, so the given tensors stay untouched.",
    "Reduce-scatter step s: for r in range(N): c = (r - step) % N; dst = (r + 1) % N; "
    "new[dst][c] = new[dst][c] + chunks[r][c]; sent[r] = chunks[r][c].numel() * chunks[r][c].element_size().",
    "After N - 1 reduce-scatter steps rank r owns the full chunk (r + 1) % N, so all-gather step s sends chunk "
    "(r + 1 - step) % N, and the receiver REPLACES its chunk with it (no addition).",
    "ring_allreduce: N - 1 steps of each phase, adding up each step's sent list; results[r] = "
    "torch.cat(chunks[r]).view_as(tensors[r]).",
]


# ---- inputs ----------------------------------------------------------------------------------------

def ranks(N, shape, seed=0, scale=1.0, label="") -> Case:
    tensors = [seeded(seed + r, *shape, scale=scale) for r in range(N)]
    return Case(args=(tensors,), scale=max(1.0, scale) * N, label=label)


def allreduce_inputs(draw) -> Case:
    N = draw(st.integers(1, 6))
    shape = draw(st.lists(st.integers(1, 7), min_size=0, max_size=2))
    scale = draw(st.sampled_from([1.0, 10.0, 1e3]))
    return Case(args=([randn(draw, *shape, scale=scale) for _ in range(N)],), scale=scale * N)


def split_state(N, size, seed=0, label="") -> Case:
    """Every rank's chunks: N random flat tensors of `size` elements, each tensor_split(N)."""
    chunks = [list(seeded(seed + r, size).tensor_split(N)) for r in range(N)]
    return Case(args=(chunks,), scale=N, label=label or f"N = {N} ranks, {size} elements each")


def step_inputs(draw) -> Case:
    N, size = draw(st.integers(2, 6)), draw(st.integers(1, 14))
    chunks = [list(randn(draw, size).tensor_split(N)) for _ in range(N)]
    return Case(args=(chunks,), scale=N, label=f"N = {N} ranks, {size} elements each")


def phase(name):
    """Run a step function over a whole phase, steps 0 .. N - 2, from the case's chunks; each step's
    chunks and bytes, copied as they are then (a later step may reuse the lists, or write into
    tensors an earlier step returned)."""
    def run(step_fn, case, ns):
        chunks, trace = case.args[0], Trace()
        N = len(chunks)
        for s in range(N - 1):
            chunks, sent = step_fn(chunks, s)
            trace.step(f"{name} step {s} (steps 0..{N - 2})", (as_they_are(chunks), as_they_are(sent)))
        return trace
    return run


def as_they_are(value):
    """A copy of a step's output (lists of tensors, or of ints) as it is now; anything else as it is."""
    if isinstance(value, torch.Tensor):
        return value.clone()
    if isinstance(value, (list, tuple)):
        return [as_they_are(v) for v in value]
    return value


# ---- invariants of ring_allreduce (no reference needed) ----------------------------------------------

def results_and_bytes(out, N):
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise Fail("expected (results, bytes_sent)")
    results, sent = out
    if len(results) != N or len(sent) != N:
        raise Fail(f"expected one result and one byte count per rank ({N}), got {len(results)} and {len(sent)}")
    return results, sent


def communication_bound(call, case):
    tensors = case.args[0]
    N, size, item = len(tensors), tensors[0].numel(), tensors[0].element_size()
    _, sent = results_and_bytes(call(case), N)
    sent = [int(b) for b in sent]
    total = 2 * (N - 1) * size * item
    low, high = 2 * (N - 1) * (size // N) * item, 2 * (N - 1) * -(-size // N) * item
    per = 2 * (N - 1) / N * size * item
    if sum(sent) != total:
        raise Fail(f"the ranks sent {sum(sent)} bytes in all; a ring all-reduce of {size} elements of {item} bytes over "
                   f"N = {N} ranks sends every chunk N - 1 times in each phase: 2 (N - 1) · size · {item} = {total}")
    bad = [r for r, b in enumerate(sent) if not low <= b <= high]
    if bad:
        r = bad[0]
        raise Fail(f"rank {r} sent {sent[r]} bytes: each rank sends about 2 (N - 1) / N · size · {item} = {per:.0f} "
                   f"bytes (between {low} and {high} when N does not divide the size)")


def powers_of_two(N, size):
    return [torch.full((size,), float(2 ** r)) for r in range(N)]


def every_rank_holds_every_rank(call, case):
    """Ranks holding 2^r: each result element must be 2^N - 1; one that is not says whose data it holds."""
    for N, size in ((2, 3), (3, 4), (4, 10), (5, 3), (4, 13)):
        results, _ = results_and_bytes(call(Case(args=(powers_of_two(N, size),))), N)
        bounds = [0] + [int(c.numel()) for c in torch.empty(size).tensor_split(N)]
        starts = torch.tensor(bounds).cumsum(0)
        for r, res in enumerate(results):
            res = res.detach().reshape(-1)
            if res.numel() != size:
                raise Fail(f"rank {r}'s result has {res.numel()} elements, its tensor {size}")
            bad = (res != 2 ** N - 1).nonzero()
            if not len(bad):
                continue
            i = int(bad[0])
            v = res[i].item()
            c = int((starts[1:] > i).nonzero()[0])
            where = (f"with N = {N} ranks, rank k holding {size} copies of 2^k, rank {r}'s element {i} "
                     f"(chunk {c}) is {v:g}, not {2 ** N - 1}")
            if v == int(v) and 0 <= v < 2 ** N:
                held = [k for k in range(N) if int(v) >> k & 1]
                missing = [k for k in range(N) if k not in held]
                raise Fail(f"{where}: it holds the data of ranks {held} only, not of {missing} (gathered before it "
                           f"was fully reduced, or never reduced)")
            raise Fail(f"{where}: some rank's data was added more than once")


# chunk c is summed over ranks c, c + 1, ... : with 1, 1e8, -1e8 the float32 rounding differs per chunk
ORDER_RANKS = [torch.full((6,), 1.0), torch.full((6,), 1e8), torch.full((6,), -1e8)]
DIRECT = "the ranks' tensors summed directly (not along the ring): chunk c is summed over ranks c, c + 1, ... in order"


def summed_along_the_ring(call, case):
    results, _ = results_and_bytes(call(Case(args=(ORDER_RANKS,))), 3)
    chunks = [list(t.tensor_split(3)) for t in ORDER_RANKS]
    want = []
    for c in range(3):
        acc = chunks[c][c]
        for k in range(1, 3):
            acc = acc + chunks[(c + k) % 3][c]
        want.append(acc)
    want = torch.cat(want)
    for r, res in enumerate(results):
        got = res.detach().reshape(-1)
        if not torch.equal(got, want):
            direct = torch.equal(got, (ORDER_RANKS[0] + ORDER_RANKS[1]) + ORDER_RANKS[2])
            raise Fail(f"ranks holding 1, 1e8 and -1e8 (float32): rank {r} ends with {got.tolist()}; summed along the "
                       f"ring (chunk c over ranks c, c + 1, c + 2 in turn) float32 rounding gives {want.tolist()}",
                       mistake=DIRECT if direct else "")


# ---- classic mistakes, written as a learner would ------------------------------------------------------

def step_like(which, mistake):
    """A step of `which` ("reduce-scatter" or "all-gather") with one mistake: "index plus" (chunk
    (r + step) % N), "off by one" (reduce-scatter sends chunk (r + 1 - step) % N, all-gather's index),
    "unreduced" (all-gather sends chunk (r - step) % N), "reversed" (sends to r - 1),
    "swapped rule" (replaces where it should add, or the other way), "elements" (bytes = numel)."""
    def step_fn(chunks, step):
        N = len(chunks)
        out = [list(row) for row in chunks]
        sent = [0] * N
        for r in range(N):
            if which == "reduce-scatter":
                c = {"index plus": r + step, "off by one": r + 1 - step}.get(mistake, r - step) % N
            else:
                c = (r - step) % N if mistake == "unreduced" else (r + 1 - step) % N
            dst = (r - 1) % N if mistake == "reversed" else (r + 1) % N
            add = (which == "reduce-scatter") != (mistake == "swapped rule")
            out[dst][c] = out[dst][c] + chunks[r][c] if add else chunks[r][c]
            sent[r] = chunks[r][c].numel() * (1 if mistake == "elements" else chunks[r][c].element_size())
        return out, sent
    return step_fn


def allreduce_like(mistake):
    """ring_allreduce with one mistake: "floor chunks" (size // N each, the rest never reduced),
    "torch.chunk", "N steps" (of reduce-scatter), "scatter off by one" (reduce-scatter from chunk
    r + 1), "gather unreduced", "elements", "whole tensor",
    "reduce-scatter bytes only", "received"."""
    def ring_allreduce(tensors):
        N = len(tensors)
        flats = [t.flatten() for t in tensors]
        size = flats[0].numel()
        if mistake == "floor chunks":
            k = size // N
            chunks = [[f[i * k:(i + 1) * k] for i in range(N)] for f in flats]
        elif mistake == "torch.chunk":
            chunks = [list(f.chunk(N)) for f in flats]
        else:
            chunks = [list(f.tensor_split(N)) for f in flats]
        sent, got = [0] * N, [0] * N
        item = 1 if mistake == "elements" else flats[0].element_size()
        for s in range(N if mistake == "N steps" else N - 1):
            new = [list(row) for row in chunks]
            for r in range(N):
                c, dst = ((r + 1 - s) if mistake == "scatter off by one" else (r - s)) % N, (r + 1) % N
                new[dst][c] = new[dst][c] + chunks[r][c]
                sent[r] += (size if mistake == "whole tensor" else chunks[r][c].numel()) * item
                got[dst] += chunks[r][c].numel() * item
            chunks = new
        for s in range(N - 1):
            new = [list(row) for row in chunks]
            for r in range(N):
                c, dst = ((r - s) if mistake == "gather unreduced" else (r + 1 - s)) % N, (r + 1) % N
                new[dst][c] = chunks[r][c]
                if mistake != "reduce-scatter bytes only":
                    sent[r] += (size if mistake == "whole tensor" else chunks[r][c].numel()) * item
                got[dst] += chunks[r][c].numel() * item
            chunks = new
        results = []
        for r, t in enumerate(tensors):
            flat = torch.cat(chunks[r])
            if flat.numel() < size:                 # the tail past N * (size // N): left as it was
                flat = torch.cat([flat, flats[r][flat.numel():]])
            results.append(flat.view_as(t))
        return results, got if mistake == "received" else sent
    return ring_allreduce


ALLREDUCE_MISTAKES = [
    ("gather unreduced", "all-gather starts from chunk r, which rank r has only partly reduced: after reduce-scatter "
                         "rank r owns chunk (r + 1) % N, so all-gather step s sends chunk (r + 1 - s) % N"),
    ("scatter off by one", "reduce-scatter starts from chunk r + 1 (all-gather's index) instead of chunk r: rank r "
                           "then owns the full chunk (r + 2) % N, and the all-gather, which starts from chunk "
                           "(r + 1) % N, passes on partial sums"),
    ("N steps", "reduce-scatter runs N steps instead of N - 1: one rank's data is added twice"),
    ("floor chunks", "chunks of size // N: the last size % N elements are never reduced; tensor_split(N) covers "
                     "every element"),
    ("torch.chunk", "chunks from torch.chunk (ceil(size / N) each, sometimes fewer than N chunks) instead of "
                    "tensor_split(N): the bytes each rank sends differ"),
    ("elements", "bytes counted as elements: multiply numel() by element_size()"),
    ("whole tensor", "each step counted as sending the whole tensor: a step sends one chunk, about size / N"),
    ("reduce-scatter bytes only", "only the reduce-scatter phase's bytes counted: all-gather sends as much again"),
    ("received", "bytes received counted instead of bytes sent: rank r sends chunk (r - s) % N, it receives "
                 "chunk (r - 1 - s) % N"),
]


STEP_MISTAKES = {
    "reduce-scatter": [
        ("index plus", "reduce-scatter sends chunk (r + step) % N: chunk (r - step) % N is what rank r received in "
                       "the step before, the one to pass on"),
        ("off by one", "reduce-scatter step s sends chunk (r + 1 - step) % N, all-gather's index: it sends chunk "
                       "(r - step) % N, so step 0 sends rank r's own chunk r"),
        ("swapped rule", "the received chunk replaces the receiver's in reduce-scatter: it is added (replacing is "
                         "all-gather's rule)"),
    ],
    "all-gather": [
        ("unreduced", "all-gather sends chunk (r - step) % N, one rank r has only partly reduced: it owns chunk "
                      "(r + 1) % N after reduce-scatter, so step s sends (r + 1 - step) % N"),
        ("swapped rule", "the received chunk is added in all-gather: it replaces the receiver's (it is already the "
                         "full sum)"),
    ],
}


def step_entry(name, which, seed):
    """The entry of one phase's step function, graded over a whole phase from a split state."""
    mistakes = STEP_MISTAKES[which] + [
        ("reversed", f"{which} sends to rank (r - 1) % N: the ring sends to (r + 1) % N"),
        ("elements", "bytes counted as elements: multiply numel() by element_size()")]
    return Entry(
        name,
        inputs=step_inputs,
        run=phase(which),
        examples=[split_state(3, 5, seed=seed, label="the prompt's N = 3, 5 elements each"),
                  split_state(4, 10, seed=seed + 3, label="N = 4, 10 elements: chunks of 3, 3, 2, 2"),
                  split_state(5, 3, seed=seed + 8, label="N = 5, 3 elements: two empty chunks"),
                  split_state(2, 7, seed=seed + 13, label="N = 2"),
                  split_state(6, 13, seed=seed + 15)],
        mistakes=[Mistake(message, like=step_like(which, m)) for m, message in mistakes],
        loops=Loops(small=split_state(4, 12, seed=seed + 19), large=split_state(4, 36, seed=seed + 19),
                    over="the elements of a chunk"),
    )


DRILL = Drill(
    entries=[
        step_entry("reduce_scatter_step", "reduce-scatter", seed=1),
        step_entry("all_gather_step", "all-gather", seed=2),
        Entry(
            "ring_allreduce",
            inputs=allreduce_inputs,
            examples=[
                Case(args=([torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0]) * (r + 1) for r in range(3)],), scale=6.0,
                     label="the prompt's example"),
                ranks(4, (10,), seed=1, label="N = 4, 10 elements: chunks of 3, 3, 2, 2 (torch.chunk gives 3, 3, 3, 1)"),
                ranks(3, (2, 3), seed=6, label="N = 3, a (2, 3) tensor: divisible"),
                ranks(4, (2, 7), seed=10, label="N = 4, 14 elements"),
                ranks(5, (3,), seed=15, label="N = 5, 3 elements: two empty chunks"),
                ranks(2, (4, 3), seed=20, label="N = 2"),
                ranks(1, (3, 2), seed=23, label="N = 1: nothing is sent"),
                ranks(6, (), seed=25, label="N = 6, 0-d tensors"),
            ],
            extreme=[ranks(8, (64, 33), seed=31, label="N = 8, 2112 elements each"),
                     ranks(3, (1000,), seed=40, scale=1e4, label="values near ±1e4")],
            invariants=[Invariant("bytes sent: 2 (N - 1) / N · size per rank", communication_bound),
                        Invariant("every rank ends with every rank's data", every_rank_holds_every_rank, drawn=False),
                        Invariant("summed along the ring", summed_along_the_ring, drawn=False)],
            mistakes=[Mistake(message, like=allreduce_like(m)) for m, message in ALLREDUCE_MISTAKES] + [Mistake(DIRECT)],
            loops=Loops(small=ranks(4, (3, 8), seed=50), large=ranks(4, (9, 8), seed=50), over="the elements"),
            speed=Speed(lambda seed: ranks(8, (256, 256), seed=seed), limit=30.0),
        ),
    ],
    mistakes=[Mistake("a chunk added into in place (+=, add_): the given tensors must stay as they were; "
                      "new[dst][c] = new[dst][c] + data", check="inputs unchanged")],
    banned=["torch.distributed"],
)
