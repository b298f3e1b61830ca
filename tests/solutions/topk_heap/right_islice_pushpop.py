import heapq
import itertools


def top_k_largest(nums, k):
    heap = list(itertools.islice(nums, k))        # the first k, without copying the rest
    heapq.heapify(heap)
    for x in itertools.islice(nums, k, None):
        heapq.heappushpop(heap, x)                # push x, drop the smallest: the heap stays at k
    heap.sort(reverse=True)
    return heap


def top_k_frequent(nums, k):
    counts = {}
    for x in nums:
        counts[x] = counts.get(x, 0) + 1
    heap = []
    for value, count in counts.items():
        key = (count, -value)
        if len(heap) < k:
            heapq.heappush(heap, key)
        else:
            heapq.heappushpop(heap, key)
    heap.sort(reverse=True)
    return [-value for _, value in heap]
