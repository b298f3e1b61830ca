import heapq
import math
import random
from collections import Counter

from hypothesis import strategies as st

from grader.spec import Case, Custom, Drill, Fail, Invariant, Mistake
from grader.counting import python_calls
from reference.topk_heap import top_k_largest

META = dict(title="Top-k with a heap", zh="堆求top-k", topic="decoding", difficulty="easy", minutes=15)
HINTS = [
    "A MIN-heap of size k finds the k LARGEST: its root heap[0] is the weakest of the k kept, the one a "
    "new number has to beat.",
    "For each x: while the heap has fewer than k items, heapq.heappush(heap, x); otherwise, if x > heap[0], "
    "heapq.heapreplace(heap, x). At the end sorted(heap, reverse=True) sorts only k items.",
    "top_k_frequent: counts = Counter(nums), then the same loop over counts.items() with the key "
    "(count, -value): a higher count wins, and on a tie the smaller value (larger -value) wins. Undo the "
    "minus sign when you return.",
]


# ---- calls of plain Python functions, seen by a profile hook -------------------------------------


# ---- numbers that count the comparisons made between them --------------------------------------

class TooMany(Exception):
    """Raised from inside a comparison once the budget is spent, so that a full sort stops early."""


class Tally:
    count, budget = 0, math.inf

    @classmethod
    def tick(cls):
        cls.count += 1
        if cls.count > cls.budget:
            raise TooMany


def counting(base):
    class Counted(base):
        def __lt__(self, other):
            Tally.tick()
            return base.__lt__(self, other)

        def __gt__(self, other):
            Tally.tick()
            return base.__gt__(self, other)

        def __le__(self, other):
            Tally.tick()
            return base.__le__(self, other)

        def __ge__(self, other):
            Tally.tick()
            return base.__ge__(self, other)

        def __neg__(self):                     # a max-heap of negated numbers is still counted
            return Counted(base.__neg__(self))
    Counted.__name__ = base.__name__
    return Counted


CountedFloat, CountedInt = counting(float), counting(int)


def comparisons(fn, nums, k, budget) -> int | None:
    """How many comparisons fn(nums, k) made, or None when it passed `budget`."""
    Tally.count, Tally.budget = 0, budget
    try:
        fn(nums, k)
    except TooMany:
        return None
    finally:
        Tally.budget = math.inf
    return Tally.count


N, K = 20_000, 3


def no_full_sort(module):
    rng = random.Random(0)
    nums = [CountedFloat(rng.uniform(-1e3, 1e3)) for _ in range(N)]
    # a size-k heap makes ~n comparisons (1 per number, plus a few per number that enters); pushing
    # every number and popping back to k makes ~4n for k=3; sorting all n makes ~13n (n·log2 n = 286k)
    budget = 8 * N
    if comparisons(module.top_k_largest, nums, K, budget) is None:
        raise Fail(f"top_k_largest(n={N:,} numbers, k={K}) made more than {budget:,} comparisons: a size-k heap "
                   f"needs about n·(1 + 2·log2 k) ≈ {N * (1 + 2 * math.log2(K)):,.0f} at most, sorting all n about "
                   f"n·log2 n ≈ {N * math.log2(N):,.0f}. Don't sort (or heapify and pop through) the whole "
                   f"input: keep only k numbers in the heap and sort those")
    counts = [rng.randint(80, 120) for _ in range(200)]            # 200 distinct values, n ≈ 20,000
    ints = [CountedInt(v) for v, c in zip(rng.sample(range(-10**6, 10**6), 200), counts) for _ in range(c)]
    rng.shuffle(ints)
    budget = len(ints) // 2
    if comparisons(module.top_k_frequent, ints, 5, budget) is None:
        raise Fail(f"top_k_frequent(n={len(ints):,} ints with 200 distinct values, k=5) compared the input values "
                   f"with each other more than {budget:,} times: that is a sort of the whole input. Count with a "
                   f"dict or Counter (no comparisons), then keep a size-k heap over the 200 distinct values")


BANNED = {"heapq.nlargest": heapq.nlargest, "heapq.nsmallest": heapq.nsmallest}


def banned_calls(module):
    _, seen_a = python_calls(BANNED, module.top_k_largest, [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0], 3)
    _, seen_b = python_calls(BANNED, module.top_k_frequent, [1, 1, 1, 2, 2, 3, 3, 4], 2)
    seen = list(dict.fromkeys(seen_a + seen_b))
    if seen:
        raise Fail(f"called {', '.join(seen)} (Counter.most_common(k) calls heapq.nlargest): this drill is about "
                   f"keeping the size-k heap by hand")


def input_list_unchanged(module):
    for name, nums, k in [("top_k_largest", [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0], 3),
                          ("top_k_frequent", [4, 1, 1, 1, 2, 2, 3, 3], 2)]:
        given = list(nums)
        getattr(module, name)(given, k)
        if given != nums:
            raise Fail(f"{name}({nums}, {k}) changed its input list to {given}: the caller's list must be left "
                       f"as it was (copy it first, or build the heap in a new list)")


# ---- top_k_frequent: the catalogue's rule, and the usual wrong tie orders -----------------------

def frequent(nums, k, order="smaller first"):
    counts = Counter(nums)
    first_seen = {v: i for i, v in reversed(list(enumerate(nums)))}
    key = {"smaller first": lambda v: (-counts[v], v), "larger first": lambda v: (-counts[v], -v),
           "first seen": lambda v: (-counts[v], first_seen[v]), "least frequent first": lambda v: (counts[v], v)}
    return sorted(counts, key=key[order])[:k]


def frequent_cases():
    yield [1, 1, 1, 2, 2, 3, 3, 4], 2
    yield [7], 1
    yield [5, 3, 9, 1], 2                      # all counts 1: the k smallest values
    yield [4, 4, 2, 2, 9, 9, 1], 3             # a three-way tie
    yield [9, 9, 9, 2, 2, 8, 8, -3, -3], 2     # the cut falls inside a tie
    yield [-1, -1, -2, -2, -2, 0], 3           # negative values
    yield [3, 1, 3, 1, 2], 3                   # k = number of distinct values
    rng = random.Random(1)
    for _ in range(40):
        values = rng.sample(range(-20, 20), rng.randint(1, 8))
        nums = [rng.choice(values) for _ in range(rng.randint(1, 25))]
        yield nums, rng.randint(1, len(set(nums)))


WRONG_ORDERS = {
    "larger first": "equal counts are listed larger value first; the smaller value comes first (and wins a "
                    "tie at the cut)",
    "first seen": "equal counts are in order of first appearance (Counter.most_common's order); the smaller "
                  "value comes first (and wins a tie at the cut)",
    "least frequent first": "that is least frequent first; the most frequent comes first",
}


def top_k_frequent_values(module):
    for nums, k in frequent_cases():
        want = frequent(nums, k)
        got = module.top_k_frequent(list(nums), k)
        if not isinstance(got, list) or [type(v) for v in got] != [int] * len(got) or got != want:
            why = next((f" — {text}" for order, text in WRONG_ORDERS.items() if got == frequent(nums, k, order)), "")
            counts = dict(sorted(Counter(nums).items(), key=lambda kv: (-kv[1], kv[0])))
            raise Fail(f"top_k_frequent({nums}, k={k}) returned {got!r}, expected {want} (counts {counts}){why}")


# ---- top_k_largest, graded by the pipeline ------------------------------------------------------

def inputs(draw) -> Case:
    n = draw(st.integers(1, 20))
    if draw(st.booleans()):
        nums = [float(v) for v in draw(st.lists(st.integers(-5, 5), min_size=n, max_size=n))]   # duplicates
    else:
        rng = random.Random(draw(st.integers(0, 2**31 - 1)))
        nums = [rng.gauss(0.0, 10.0) for _ in range(n)]
    return Case(args=(nums, draw(st.integers(1, n))))


def well_formed(call, case):
    nums, k = case.args
    out = call(case)
    if not isinstance(out, list) or len(out) != k:
        raise Fail(f"expected a list of k={k} numbers, got {out!r}")
    if any(a < b for a, b in zip(out, out[1:])):
        raise Fail(f"{out} is not largest first")
    if Counter(out) - Counter(nums):
        raise Fail(f"{out} holds numbers that are not in nums (or more copies of one than nums has)")


def heap_order(nums, k):
    heap = []
    for x in nums:
        if len(heap) < k:
            heapq.heappush(heap, x)
        elif x > heap[0]:
            heapq.heapreplace(heap, x)
    return heap


DRILL = Drill(
    entry="top_k_largest",
    inputs=inputs,
    examples=[
        Case(args=([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0], 3), label="the prompt's example"),
        Case(args=([5.0, 5.0, 1.0], 2), label="duplicates count separately"),
        Case(args=([2.5], 1), label="one number"),
        Case(args=([4.0, -1.0, 7.0, 0.0], 4), label="k = len(nums)"),
        Case(args=([-3.0, -1.0, -2.0, -8.0], 1), label="all negative, k = 1"),
        Case(args=([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 3), label="ascending input"),
        Case(args=([6.0, 5.0, 4.0, 3.0, 2.0, 1.0], 3), label="descending input"),
        Case(args=([7.0] * 6, 4), label="all equal"),
    ],
    extreme=[
        Case(args=([math.sin(i) * 1e3 for i in range(5000)], 10), label="5000 numbers"),
        Case(args=([1e300, -1e300, math.inf, -math.inf, 0.0, 1e-300, -0.0, 5.0], 4), scale=1e300,
             label="±inf and magnitudes near 1e±300"),
    ],
    invariants=[Invariant("k numbers from nums, largest first", well_formed)],
    custom=[
        Custom("top_k_frequent values", top_k_frequent_values),
        Custom("no full sort", no_full_sort),
        Custom("banned calls", banned_calls),
        Custom("input list unchanged", input_list_unchanged),
    ],
    mistakes=[
        Mistake("returned smallest first (the heap's own order): return the k largest largest first",
                like=lambda nums, k: sorted(top_k_largest(nums, k))),
        Mistake("returned the heap as it is: a heap's list is not sorted, sort the k survivors",
                like=heap_order),
        Mistake("duplicates dropped (a set?): top_k_largest([5, 5, 1], 2) is [5, 5]",
                like=lambda nums, k: sorted(set(nums), reverse=True)[:k]),
    ],
    grad=False,
    device=False,          # plain Python lists
    speed=None,            # the comparison count is the complexity check
)
