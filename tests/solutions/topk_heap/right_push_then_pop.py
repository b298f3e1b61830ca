import heapq


def top_k_largest(nums, k):
    heap = []
    for x in nums:
        heapq.heappush(heap, x)
        if len(heap) > k:          # drop the smallest: the heap never holds more than k + 1
            heapq.heappop(heap)
    out = []
    while heap:
        out.append(heapq.heappop(heap))
    return out[::-1]


def top_k_frequent(nums, k):
    freq = {}
    for x in nums:
        freq[x] = freq.get(x, 0) + 1
    heap = []
    for x, f in freq.items():
        heapq.heappush(heap, (f, -x))
        if len(heap) > k:
            heapq.heappop(heap)
    res = []
    while heap:
        f, neg = heapq.heappop(heap)
        res.append(-neg)
    return res[::-1]
