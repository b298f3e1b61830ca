import heapq
from collections import Counter

EXPECT = {
    'top_k_largest: values': 'returned smallest first: return the k largest largest first',
    'top_k_largest: k numbers from nums, largest first': '',
}


def top_k_largest(nums, k):
    heap = []
    for x in nums:
        heapq.heappush(heap, x)
        if len(heap) > k:
            heapq.heappop(heap)
    return [heapq.heappop(heap) for _ in range(len(heap))]


def top_k_frequent(nums, k):
    heap = []
    for v, c in Counter(nums).items():
        heapq.heappush(heap, (c, -v))
        if len(heap) > k:
            heapq.heappop(heap)
    out = []
    while heap:
        out.append(-heapq.heappop(heap)[1])
    return out[::-1]
