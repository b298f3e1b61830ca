import heapq
from collections import Counter


def top_k_largest(nums: list[float], k: int) -> list[float]:
    heap = []                                  # min-heap: heap[0] is the smallest of the k kept
    for x in nums:
        if len(heap) < k:
            heapq.heappush(heap, x)
        elif x > heap[0]:                      # beats the weakest kept: swap it in, O(log k)
            heapq.heapreplace(heap, x)
    return sorted(heap, reverse=True)          # sorts k items, not n


def top_k_frequent(nums: list[int], k: int) -> list[int]:
    heap = []                                  # (count, -value): the root is the weakest kept
    for value, count in Counter(nums).items():
        key = (count, -value)                  # more frequent wins; on a tie the smaller value wins
        if len(heap) < k:
            heapq.heappush(heap, key)
        elif key > heap[0]:
            heapq.heapreplace(heap, key)
    return [-v for _, v in sorted(heap, reverse=True)]
