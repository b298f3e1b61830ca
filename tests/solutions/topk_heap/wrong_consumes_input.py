import heapq

EXPECT = {
    'top_k_frequent: inputs unchanged': "the caller's list changed (heapify(nums), nums.sort(), nums.pop()): build the heap in a new list",
}


def top_k_largest(nums, k):
    heap = []
    for x in nums:
        if len(heap) < k:
            heapq.heappush(heap, x)
        elif x > heap[0]:
            heapq.heapreplace(heap, x)
    return sorted(heap, reverse=True)


def top_k_frequent(nums, k):
    counts = {}
    while nums:
        v = nums.pop()
        counts[v] = counts.get(v, 0) + 1
    heap = []
    for v, c in counts.items():
        heapq.heappush(heap, (c, -v))
        if len(heap) > k:
            heapq.heappop(heap)
    return [-v for c, v in sorted(heap, reverse=True)]
