"""topk_heap: two functions on plain Python lists, graded on values over drawn lists with duplicates,
ties and ±inf. Particular to it: the heap's cost is graded by counting, not timing — comparisons
counted by numbers that tick when compared (no sort of the whole input, nor of all the distinct
values), and the memory top_k_largest allocates measured by tracemalloc (O(k): no copy of nums);
heapq.nlargest and heapq.nsmallest are banned (Counter.most_common(k) calls them), and the classic
mistakes are the order of the result, the raw heap returned, dropped duplicates and tie orders."""
import heapq
import math
import random
import tracemalloc
from collections import Counter

from hypothesis import strategies as st

from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake

META = dict(title="Top-k with a heap", zh="堆求top-k", topic="decoding", difficulty="easy", minutes=15,
            oracle="sorted() and collections.Counter")
HINTS = [
    "A MIN-heap of size k finds the k LARGEST: its root heap[0] is the smallest of the k kept, the one a "
    "new number has to beat.",
    "For each x: while the heap has fewer than k items, heapq.heappush(heap, x); otherwise, if x > heap[0], "
    "heapq.heapreplace(heap, x). At the end sorted(heap, reverse=True) sorts only k items.",
    "top_k_frequent: counts = Counter(nums), then the same loop over counts.items() with the key "
    "(count, -value): a higher count wins, and on a tie the smaller value (larger -value) wins. Undo the "
    "minus sign when you return.",
]


# ---- numbers that count the comparisons made between them --------------------------------------

class Tally:
    count = 0


def counting(base):
    class Counted(base):
        def __lt__(self, other):
            Tally.count += 1
            return base.__lt__(self, other)

        def __gt__(self, other):
            Tally.count += 1
            return base.__gt__(self, other)

        def __le__(self, other):
            Tally.count += 1
            return base.__le__(self, other)

        def __ge__(self, other):
            Tally.count += 1
            return base.__ge__(self, other)

        def __neg__(self):                     # a max-heap of negated numbers is still counted
            return Counted(base.__neg__(self))
    Counted.__name__ = base.__name__
    return Counted


CountedFloat, CountedInt = counting(float), counting(int)


def comparisons(call, case) -> int:
    Tally.count = 0
    call(case)
    return Tally.count


N = 20_000
SORTS_ALL = Mistake("sorts the whole input (sorted(nums), nums.sort(), or a heap of all n popped through): keep "
                    "a heap of k numbers and sort only those",
                    hint="A size-k min-heap makes about one comparison per number (x > heap[0]) plus a few per number "
                         "that enters; sorting all n numbers makes about n·log2 n.")
SORTS_DISTINCT = Mistake("sorts all the distinct values by count: keep a size-k heap of (count, value) keys")


def no_full_sort(call, case):
    # a size-k heap makes ~n comparisons (one per number, plus a few per number that enters); pushing
    # every number and popping back to k makes ~4n for k=3; sorting all n makes ~13n (n·log2 n = 286k)
    rng = random.Random(0)
    nums, k = [CountedFloat(rng.uniform(-1e3, 1e3)) for _ in range(N)], 3
    made, budget = comparisons(call, Case(args=(nums, k), label=f"{N:,} numbers, comparisons counted")), 8 * N
    if made > budget:
        heap, everything = N * (1 + 2 * math.log2(k)), N * math.log2(N)
        raise Fail(f"top_k_largest(n={N:,} numbers, k={k}) made {made:,} comparisons: a size-k heap needs about "
                   f"n·(1 + 2·log2 k) ≈ {heap:,.0f} at most, sorting all n about n·log2 n ≈ {everything:,.0f}; at "
                   f"most {budget:,} are allowed", mistake=SORTS_ALL.name)


def distinct_not_sorted(call, case):
    # every value once: each key comparison falls through to the values, so every one is counted
    rng = random.Random(1)
    nums, k = [CountedInt(v) for v in rng.sample(range(-10**6, 10**6), N)], 5
    made, budget = comparisons(call, Case(args=(nums, k), label=f"{N:,} distinct ints, comparisons counted")), 8 * N
    if made > budget:
        heap, everything = N * (1 + 2 * math.log2(k)), N * math.log2(N)
        raise Fail(f"top_k_frequent(n={N:,} ints, every value once, k={k}) compared values {made:,} times: a size-k "
                   f"heap over the d = {N:,} distinct values needs about d·(1 + 2·log2 k) ≈ {heap:,.0f}, sorting "
                   f"them about d·log2 d ≈ {everything:,.0f}; at most {budget:,} are allowed",
                   mistake=SORTS_DISTINCT.name)


# ---- the memory top_k_largest allocates --------------------------------------------------------

MEASURED = "the memory your call allocates is measured"
COPIES = Mistake("copies the whole input (sorted(nums), list(nums), nums[k:], a list of all negated numbers): "
                 "keep only k numbers",
                 hint="Iterate over nums itself (for x in nums) and keep only the heap of k numbers; a slice "
                      "nums[k:] is a copy of n - k items (itertools.islice does not copy).")


def measured(impl, case, ns):
    """impl(*args), or on the memory case (impl's output, the peak bytes it allocated)."""
    if case.label != MEASURED:
        return impl(*case.args, **case.kwargs)
    tracing = tracemalloc.is_tracing()            # someone else's tracing is left running
    if not tracing:
        tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        start = tracemalloc.get_traced_memory()[0]
        out = impl(*case.args, **case.kwargs)
        return out, tracemalloc.get_traced_memory()[1] - start
    finally:
        if not tracing:
            tracemalloc.stop()


def memory_of_k(call, case):
    rng = random.Random(2)
    n, k = 50_000, 10
    nums = [rng.uniform(-1e3, 1e3) for _ in range(n)]
    _, peak = call(Case(args=(nums, k), label=MEASURED))
    limit = 16_384 + 256 * k                    # the heap, the k survivors sorted, a few frames
    if peak > limit:
        raise Fail(f"top_k_largest(n={n:,} numbers, k={k}) allocated {peak:,} bytes at its peak; a heap of k numbers "
                   f"needs a few hundred (at most {limit:,} allowed), a list of n pointers {8 * n:,}. Keep only k "
                   f"numbers: iterate over nums without copying it", mistake=COPIES.name)


# ---- top_k_largest ------------------------------------------------------------------------------

def largest_inputs(draw) -> Case:
    n = draw(st.integers(1, 20))
    if draw(st.booleans()):
        nums = [float(v) for v in draw(st.lists(st.integers(-5, 5), min_size=n, max_size=n))]   # duplicates
    else:
        rng = random.Random(draw(st.integers(0, 2**31 - 1)))
        nums = [rng.gauss(0.0, 10.0) for _ in range(n)]
    return Case(args=(nums, draw(st.integers(1, n))))


def largest_first(call, case):
    nums, k = case.args
    out = call(case)
    if not isinstance(out, list) or len(out) != k:
        raise Fail(f"expected a list of k={k} numbers, got {out!r}")
    if any(a < b for a, b in zip(out, out[1:])):
        raise Fail(f"{out} is not largest first")
    if Counter(out) - Counter(nums):
        raise Fail(f"{out} holds numbers that are not in nums (or more copies of one than nums has)")


def smallest_first(nums, k):
    heap = []
    for x in nums:
        heapq.heappush(heap, x)
        if len(heap) > k:
            heapq.heappop(heap)
    return [heapq.heappop(heap) for _ in range(len(heap))]


def raw_heap(nums, k):
    heap = []
    for x in nums:
        if len(heap) < k:
            heapq.heappush(heap, x)
        elif x > heap[0]:
            heapq.heapreplace(heap, x)
    return heap


def without_duplicates(nums, k):
    heap = []
    for x in nums:
        if x in heap:                          # "the same number twice is not a new one"
            continue
        if len(heap) < k:
            heapq.heappush(heap, x)
        elif x > heap[0]:
            heapq.heapreplace(heap, x)
    return sorted(heap, reverse=True)


LARGEST = Entry(
    "top_k_largest",
    inputs=largest_inputs,
    run=measured,
    examples=[
        Case(args=([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0], 3), label="the prompt's example"),
        Case(args=([5.0, 5.0, 1.0], 2), label="duplicates count separately"),
        Case(args=([2.5], 1), label="one number"),
        Case(args=([4.0, -1.0, 7.0, 0.0], 4), label="k = len(nums)"),
        Case(args=([-3.0, -1.0, -2.0, -8.0], 1), label="all negative, k = 1"),
        Case(args=([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 3), label="ascending input"),
        Case(args=([6.0, 5.0, 4.0, 3.0, 2.0, 1.0], 3), label="descending input: the heap's list is not sorted"),
        Case(args=([7.0] * 6, 4), label="all equal"),
    ],
    extreme=[
        Case(args=([math.sin(i) * 1e3 for i in range(5000)], 10), label="5000 numbers"),
        Case(args=([1e300, -1e300, math.inf, -math.inf, 0.0, 1e-300, -0.0, 5.0], 4), scale=1e300,
             label="±inf and magnitudes near 1e±300"),
    ],
    invariants=[
        Invariant("k numbers from nums, largest first", largest_first),
        Invariant("no full sort", no_full_sort, drawn=False),
        Invariant("O(k) memory", memory_of_k, drawn=False),
    ],
    mistakes=[
        Mistake("returned smallest first: return the k largest largest first", like=smallest_first),
        Mistake("returned the heap's list as it is: a heap is not sorted, sort the k survivors largest first",
                like=raw_heap),
        Mistake("duplicates dropped (a set, or a number skipped when it is in the heap already): "
                "top_k_largest([5, 5, 1], 2) is [5, 5]", like=without_duplicates),
        SORTS_ALL,
        COPIES,
    ],
    grad=False,
    device=False,          # plain Python lists
)


# ---- top_k_frequent ----------------------------------------------------------------------------

def frequent_inputs(draw) -> Case:
    values = draw(st.lists(st.integers(-20, 20), min_size=1, max_size=8, unique=True))
    nums = draw(st.lists(st.sampled_from(values), min_size=1, max_size=25))
    return Case(args=(nums, draw(st.integers(1, len(set(nums))))))


def well_chosen(call, case):
    nums, k = case.args
    out = call(case)
    if not isinstance(out, list) or len(out) != k or len(set(out)) != k:
        raise Fail(f"expected a list of k={k} distinct values, got {out!r}")
    if any(v not in nums for v in out):
        raise Fail(f"{out} holds values that are not in nums")
    counts = Counter(nums)
    if any(counts[a] < counts[b] for a, b in zip(out, out[1:])):
        raise Fail(f"{out} is not most frequent first (counts {[counts[v] for v in out]})")


def frequent_in(order):
    """top_k_frequent ordering equal counts by `order`, a classic mistake (or the right rule)."""
    def top_k_frequent(nums, k):
        counts = Counter(nums)
        first_seen = {v: i for i, v in reversed(list(enumerate(nums)))}
        key = {"larger first": lambda v: (-counts[v], -v), "first seen": lambda v: (-counts[v], first_seen[v]),
               "least frequent first": lambda v: (counts[v], v)}[order]
        return sorted(counts, key=key)[:k]
    return top_k_frequent


FREQUENT = Entry(
    "top_k_frequent",
    inputs=frequent_inputs,
    examples=[
        Case(args=([1, 1, 1, 2, 2, 3, 3, 4], 2), label="the prompt's example"),
        Case(args=([7], 1), label="one number"),
        Case(args=([5, 3, 9, 1], 2), label="all counts 1: the k smallest values"),
        Case(args=([4, 4, 2, 2, 9, 9, 1], 3), label="a three-way tie"),
        Case(args=([9, 9, 9, 2, 2, 8, 8, -3, -3], 2), label="the cut falls inside a tie"),
        Case(args=([-1, -1, -2, -2, -2, 0], 3), label="negative values"),
        Case(args=([3, 1, 3, 1, 2], 3), label="k = the number of distinct values"),
        Case(args=([2, 6, 6, 2, 6, 4, 4, 4], 3), label="first seen is not smallest first"),
    ],
    extreme=[Case(args=([(i * 7919) % 1000 - 500 for i in range(20_000)] + [3] * 30, 4),
                  label="20,030 ints: 1000 values 20 times each, 3 once more")],
    invariants=[
        Invariant("k distinct values from nums, most frequent first", well_chosen),
        Invariant("no sort of all the distinct values", distinct_not_sorted, drawn=False),
    ],
    mistakes=[
        Mistake("equal counts are listed larger value first; the smaller value comes first (and wins a tie at "
                "the cut)", like=frequent_in("larger first")),
        Mistake("equal counts are in order of first appearance (Counter.most_common's order); the smaller value "
                "comes first (and wins a tie at the cut)", like=frequent_in("first seen")),
        Mistake("least frequent first; the most frequent comes first", like=frequent_in("least frequent first")),
        SORTS_DISTINCT,
    ],
    grad=False,
    device=False,
)

DRILL = Drill(
    entries=[LARGEST, FREQUENT],
    banned=["heapq.nlargest", "heapq.nsmallest"],
    mistakes=[Mistake("the caller's list changed (heapify(nums), nums.sort(), nums.pop()): build the heap in a new "
                      "list", check="inputs unchanged")],
)
