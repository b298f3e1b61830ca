import heapq
from collections import Counter

EXPECT = {"check": "values", "mistake": "duplicates dropped"}


def top_k_largest(nums, k):
    heap = []
    for x in set(nums):
        if len(heap) < k:
            heapq.heappush(heap, x)
        elif x > heap[0]:
            heapq.heapreplace(heap, x)
    return sorted(heap, reverse=True)


def top_k_frequent(nums, k):
    heap = []
    for v, c in Counter(nums).items():
        if len(heap) < k:
            heapq.heappush(heap, (c, -v))
        elif (c, -v) > heap[0]:
            heapq.heapreplace(heap, (c, -v))
    return [-v for c, v in sorted(heap, reverse=True)]
