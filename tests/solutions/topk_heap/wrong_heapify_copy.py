import heapq
from collections import Counter

EXPECT = {
    'top_k_largest: O(k) memory': 'copies the whole input (sorted(nums), list(nums), nums[k:], a list of all negated numbers): keep only k numbers',
}


def top_k_largest(nums, k):
    heap = [-x for x in nums]      # a max-heap of all n numbers: O(n) memory
    heapq.heapify(heap)
    return [-heapq.heappop(heap) for _ in range(k)]


def top_k_frequent(nums, k):
    heap = []
    for value, count in Counter(nums).items():
        if len(heap) < k:
            heapq.heappush(heap, (count, -value))
        elif (count, -value) > heap[0]:
            heapq.heapreplace(heap, (count, -value))
    return [-v for _, v in sorted(heap, reverse=True)]
