import heapq
import itertools
from collections import Counter

EXPECT = {
    'top_k_frequent: values': 'equal counts are listed larger value first; the smaller value comes first (and wins a tie at the cut)',
}


def top_k_largest(nums, k):
    heap = list(itertools.islice(nums, k))
    heapq.heapify(heap)
    for x in itertools.islice(nums, k, None):
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
