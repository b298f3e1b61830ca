import heapq
from collections import Counter

EXPECT = {"check": "top_k_frequent values"}


def top_k_largest(nums, k):
    heap = list(nums[:k])
    heapq.heapify(heap)
    for x in nums[k:]:
        if x > heap[0]:
            heapq.heapreplace(heap, x)
    return sorted(heap, reverse=True)


def top_k_frequent(nums, k):
    heap = []
    for v, c in Counter(nums).items():
        if len(heap) < k:
            heapq.heappush(heap, (c, v))
        elif (c, v) > heap[0]:
            heapq.heapreplace(heap, (c, v))
    return [v for c, v in sorted(heap, reverse=True)]
