import heapq
from collections import Counter

EXPECT = {
    'top_k_largest: values': "returned the heap's list as it is: a heap is not sorted, sort the k survivors largest first",
    'top_k_largest: k numbers from nums, largest first': '',
}


def top_k_largest(nums, k):
    heap = []
    for x in nums:
        if len(heap) < k:
            heapq.heappush(heap, x)
        elif x > heap[0]:
            heapq.heapreplace(heap, x)
    return heap                    # the heap's own list: only heap[0] is in place


def top_k_frequent(nums, k):
    heap = []
    for value, count in Counter(nums).items():
        if len(heap) < k:
            heapq.heappush(heap, (count, -value))
        elif (count, -value) > heap[0]:
            heapq.heapreplace(heap, (count, -value))
    return [-v for _, v in sorted(heap, reverse=True)]
