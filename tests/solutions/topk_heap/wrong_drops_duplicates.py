import heapq
from collections import Counter

EXPECT = {
    'top_k_largest: values': 'duplicates dropped (a set, or a number skipped when it is in the heap already): top_k_largest([5, 5, 1], 2) is [5, 5]',
    'top_k_largest: k numbers from nums, largest first': '',
}


def top_k_largest(nums, k):
    heap = []
    for x in nums:
        if x in heap:              # already kept
            continue
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
