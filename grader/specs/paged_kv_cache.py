"""paged_kv_cache: a block-table KV cache, three methods graded over whole sequences of operations
(appends, gathers and frees interleaved across sequences): the slots each append returns and what
the pools hold there, every gather against a contiguous cache, and the pages reused after a free.
Particular to it: pages shared out lowest first so that slots are exact, appends that end exactly
on a page boundary, page sizes of 1, block tables out of order after reuse, a reference-free check
that no slot belongs to two live sequences, and the classic mistakes of page arithmetic off by one
and a page handed to two sequences."""
from hypothesis import strategies as st

import torch
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed, Trace

META = dict(title="Paged KV cache", zh="分页KV缓存", topic="efficiency", difficulty="medium", minutes=25,
            oracle="a contiguous per-sequence cache (torch.cat of the appended keys and values)")
HINTS = [
    "State: the pools (torch.zeros(num_pages, page_size, H, D, dtype=dtype, device=device)), a sorted list of "
    "free pages, block_tables = {seq_id: [pages]}, lengths = {seq_id: tokens}.",
    "append: end = length + T; the sequence needs ceil(end / page_size) pages; take the missing ones from the "
    "front of the free list (and remove them from it).",
    "Slots without a loop: pos = torch.arange(length, end); page = table_tensor[pos // page_size]; "
    "slots = page * page_size + pos % page_size; pool.view(-1, H, D)[slots] = k.",
    "gather: pool[torch.tensor(table)] is (pages, page_size, H, D): flatten(0, 1)[:length]. free: "
    "free_pages = sorted(free_pages + table), and forget the id.",
]


# ---- a sequence of operations ----------------------------------------------------------------

def operations(spec, H, D, seed=0):
    """ops from a spec: ("a", seq, T) appends T fresh tokens, ("g", seq) gathers, ("f", seq) frees."""
    gen = torch.Generator().manual_seed(seed)
    ops = []
    for op in spec:
        if op[0] == "a":
            ops.append(("append", op[1], torch.randn(op[2], H, D, generator=gen), torch.randn(op[2], H, D, generator=gen)))
        else:
            ops.append(({"g": "gather", "f": "free"}[op[0]], op[1]))
    return ops


def pages_used(spec, page_size) -> int:
    """The most pages live at once while the ops run."""
    lengths, most = {}, 0
    for op in spec:
        if op[0] == "a":
            lengths[op[1]] = lengths.get(op[1], 0) + op[2]
        elif op[0] == "f":
            lengths.pop(op[1], None)
        most = max(most, sum(-(-n // page_size) for n in lengths.values()))
    return most


def session(spec, page_size, H=1, D=4, seed=0, spare=1, label=""):
    num_pages = pages_used(spec, page_size) + spare
    what = f"{num_pages} pages of {page_size} tokens, {len(spec)} operations"
    return Case(kwargs={"ops": operations(spec, H, D, seed)}, init=(num_pages, page_size, H, D),
                label=f"{label}; {what}" if label else what)


def describe(op) -> str:
    if op[0] == "append":
        return f"append(seq_id={op[1]}, {op[2].shape[0]} token{'s' * (op[2].shape[0] > 1)})"
    return f"{op[0]}(seq_id={op[1]})"


def play(case: Case, ns, record: str) -> Trace:
    """Run case's operations on the file's PagedKVCache, recording what `record` (an entry) owns:
    append: each append's slots and the pools there; gather: each gather; free: every append and
    gather after the first free."""
    ops = case.kwargs["ops"]
    first = next(op[2] for op in ops if op[0] == "append")
    cache = ns.PagedKVCache(*case.init, dtype=first.dtype, device=first.device)
    trace, freed = Trace(), False
    for i, op in enumerate(ops, 1):
        call = f"operation {i} of {len(ops)}, {describe(op)}"
        if op[0] == "append":
            slots = cache.append(op[1], op[2], op[3])
            if record == "append" or record == "free" and freed:
                trace.step(call, {"slots": slots, "k_pages at the slots": at(cache.k_pages, slots, op[2]),
                                  "v_pages at the slots": at(cache.v_pages, slots, op[2])})
        elif op[0] == "gather":
            out = cache.gather(op[1])
            if record == "gather" or record == "free" and freed:
                trace.step(call, out)
        else:
            cache.free(op[1])
            freed = True
    return trace


def at(pool, slots, like):
    """The pool's rows at the learner's slots, when they can be read there."""
    try:
        return pool.reshape(-1, *like.shape[1:])[slots]
    except Exception as e:
        return f"the pool cannot be read at those slots ({type(e).__name__})"


def recorder(what):
    def run(impl, case, ns):
        return play(case, ns, what)
    return run


# ---- inputs ------------------------------------------------------------------------------------

def inputs(draw) -> Case:
    page_size = draw(st.integers(1, 4))
    live, spec, next_id = [], [], 0
    for _ in range(draw(st.integers(1, 10))):
        kind = draw(st.sampled_from(["a", "a", "a", "g", "f"])) if live else "a"
        if kind == "a":
            if not live or draw(st.booleans()):
                live.append(next_id)
                next_id += 1
                seq = live[-1]
            else:
                seq = draw(st.sampled_from(live))
            spec.append(("a", seq, draw(st.integers(1, 2 * page_size + 1))))
        else:
            seq = draw(st.sampled_from(live))
            spec.append((kind, seq))
            if kind == "f":
                live.remove(seq)
    spec += [("g", s) for s in live]                 # every live sequence is read at the end
    H, D = draw(st.integers(1, 2)), draw(st.integers(1, 4))
    return session(spec, page_size, H, D, seed=draw(st.integers(0, 2**16)), spare=draw(st.integers(0, 2)))


PROMPT = [("a", 0, 6), ("a", 1, 3), ("a", 0, 3), ("g", 0), ("g", 1), ("f", 0), ("a", 2, 5), ("g", 2), ("g", 1)]
EXAMPLES = [
    session(PROMPT, 4, spare=4, label="the prompt's example"),           # 8 pages, as in the prompt
    session([("a", 0, 4), ("a", 1, 4), ("a", 0, 4), ("a", 1, 1), ("g", 0), ("g", 1), ("a", 2, 2), ("g", 2)], 4,
            H=2, D=3, seed=1, label="appends that end exactly on a page boundary"),
    session([("a", 0, 2), ("a", 1, 2), ("a", 0, 2), ("f", 1), ("a", 0, 3), ("g", 0), ("a", 2, 1), ("g", 2)], 2,
            seed=2, label="after a free, sequence 0's pages are out of order: [0, 2, 1, 3]"),
    session([("a", 0, 1), ("a", 0, 1), ("a", 1, 1), ("a", 0, 1), ("g", 0), ("f", 0), ("a", 1, 2), ("g", 1)], 1,
            seed=3, label="pages of one token"),
    session([("a", 7, 5), ("g", 7), ("f", 7), ("a", 7, 2), ("g", 7)], 3, H=2, D=2, seed=4,
            label="an id used again after its free starts a new sequence"),
    session([("a", 0, 3), ("a", 1, 3), ("f", 0), ("f", 1), ("a", 2, 6), ("g", 2)], 3, seed=5, spare=0,
            label="every page in use"),
]
EXTREME = [
    session([("a", s, 5 + s) for s in range(6)] + [("a", s, 40) for s in range(6)] + [("f", 1), ("f", 4)]
            + [("a", s, 17) for s in (0, 2, 3, 5)] + [("g", s) for s in (0, 2, 3, 5)], 16, H=4, D=8, seed=6,
            label="six sequences of about 60 tokens, two freed"),
    session([("a", 0, 100)] + [("a", 0, 1)] * 30 + [("g", 0)], 8, H=2, D=4, seed=7,
            label="a 100-token prompt, then 30 tokens one at a time"),
]


# ---- invariants (no reference needed) ----------------------------------------------------------

PAGE_SHARED = ("a page shared across sequences: a page taken from the free list must leave it (pop it, not "
               "peek), and belongs to one sequence until it is freed")


def slots_owned_once(call, case):
    """No slot is returned for two sequences that are both alive."""
    ops = case.kwargs["ops"]
    owner, trace = {}, iter(call(case))
    for op in ops:
        if op[0] == "append":
            label, out = next(trace)
            slots = out["slots"]
            for s in (slots.tolist() if isinstance(slots, torch.Tensor) else []):
                if owner.get(s, op[1]) != op[1]:
                    raise Fail(f"{label}: slot {s} was returned for sequence {op[1]} while sequence {owner[s]}, "
                               f"still alive, holds it", mistake=PAGE_SHARED)
                owner[s] = op[1]
        elif op[0] == "free":
            owner = {s: q for s, q in owner.items() if q != op[1]}


# ---- classic mistakes, written as a learner would ----------------------------------------------

def paged(needed="ceil", take="pop", free="sorted", gather="trimmed", slots="global"):
    """PagedKVCache, or one of its classic mistakes."""
    class PagedKVCache:
        def __init__(self, num_pages, page_size, n_heads, head_dim, dtype=torch.float32, device=None):
            self.k_pages = torch.zeros(num_pages, page_size, n_heads, head_dim, dtype=dtype, device=device)
            self.v_pages = torch.zeros_like(self.k_pages)
            self.page_size = page_size
            self.free_pages = list(range(num_pages))
            self.tables, self.lengths = {}, {}

        def append(self, seq_id, k, v):
            table = self.tables.setdefault(seq_id, [])
            start = self.lengths.get(seq_id, 0)
            end = start + k.shape[0]
            count = {"ceil": -(-end // self.page_size), "floor": end // self.page_size,
                     "floor + 1": end // self.page_size + 1}[needed]
            while len(table) < count:
                if take == "per sequence":
                    table.append(len(table))
                elif take == "peek":
                    table.append(self.free_pages[0])
                else:
                    table.append(self.free_pages.pop(0))
            pos = torch.arange(start, end, device=k.device)
            page = torch.tensor(table, device=k.device)[pos // self.page_size]
            s = page * self.page_size + pos % self.page_size
            self.k_pages.view(-1, *k.shape[1:])[s] = k
            self.v_pages.view(-1, *v.shape[1:])[s] = v
            self.lengths[seq_id] = end
            return pos % self.page_size if slots == "offsets" else s

        def gather(self, seq_id):
            table = self.tables[seq_id]
            pages = torch.tensor(sorted(table) if gather == "sorted pages" else table, device=self.k_pages.device)
            k, v = self.k_pages[pages].flatten(0, 1), self.v_pages[pages].flatten(0, 1)
            if gather == "untrimmed":
                return k, v
            return k[:self.lengths[seq_id]], v[:self.lengths[seq_id]]

        def free(self, seq_id):
            table = self.tables.pop(seq_id)
            del self.lengths[seq_id]
            if free == "sorted":
                self.free_pages = sorted(self.free_pages + table)
            elif free == "at the end":
                self.free_pages = self.free_pages + table
    return PagedKVCache


OFF_BY_ONE = ("page index arithmetic off by one: a sequence of n tokens holds ceil(n / page_size) pages, token t "
              "sits in page table[t // page_size] at offset t % page_size")
FREED = ("freed pages not handed out again lowest first: free() gives the sequence's pages back to the free list, "
         "kept sorted, and the lowest free page is the next one taken")
MISTAKES = [
    Mistake(OFF_BY_ONE, like=paged(needed="floor + 1"),
            hint="The pages a sequence needs: -(-n // page_size) (a ceiling); n // page_size + 1 takes an extra "
                 "page whenever n fills its pages exactly."),
    Mistake(OFF_BY_ONE, like=paged(needed="floor"),
            error=r"index \d+ is out of bounds for dimension 0 with size \d+|list index out of range"),
    Mistake(PAGE_SHARED, like=paged(take="peek"),
            hint="Take a page with free_pages.pop(0) (or slice and delete): a page that stays on the free list "
                 "is given to the next sequence too."),
    Mistake(PAGE_SHARED, like=paged(take="per sequence")),
    # a lost page and one put at the end of the free list give the same slots until the pages run out
    Mistake(FREED, like=paged(free="lost"),
            hint="free(): free_pages = sorted(free_pages + block_table.pop(seq_id)) — the pages go back, and the "
                 "lowest free page is the next one handed out."),
    Mistake(FREED, like=paged(free="at the end")),
    Mistake("gather returns whole pages: trim to the sequence's length (the last page is partly filled)",
            like=paged(gather="untrimmed")),
    Mistake("gather reads the pages in sorted order: read them in block-table order (after a free, a sequence's "
            "pages need not be increasing)", like=paged(gather="sorted pages")),
    Mistake("append returns offsets within a page: a slot is page * page_size + offset", like=paged(slots="offsets")),
]


# append and gather start on a run without free(), so that each can be started before free() is written
BEFORE_FREE = session(PROMPT[:5], 4, spare=4, label="the prompt's example up to the free")


def entry(name, record, **kwargs):
    examples = EXAMPLES if name == "free" else [BEFORE_FREE] + EXAMPLES
    return Entry(f"PagedKVCache.{name}", inputs=inputs, run=recorder(record), examples=examples, extreme=EXTREME,
                 mistakes=MISTAKES, grad=False, **kwargs)


def one_append(T):
    return session([("a", 0, T)], 8, H=2, D=4, seed=8, spare=0)


def one_gather(page_size):
    return session([("a", 0, 2 * page_size), ("g", 0)], page_size, H=2, D=4, seed=9, spare=0)


DRILL = Drill(entries=[
    entry("append", "append", invariants=[Invariant("no slot held by two live sequences", slots_owned_once)],
          loops=Loops(small=one_append(2), large=one_append(7), over="the tokens of an append")),
    entry("gather", "gather", loops=Loops(small=one_gather(4), large=one_gather(16), over="the tokens of a sequence"),
          speed=Speed(lambda seed: session([("a", s, 500 + 37 * s) for s in range(8)] + [("g", s) for s in range(8)],
                                           16, H=8, D=64, seed=seed), limit=30.0)),
    entry("free", "free"),
])
