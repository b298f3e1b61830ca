import heapq
from collections import Counter

EXPECT = {
    'banned calls': '',
}


def top_k_largest(nums, k):
    return heapq.nlargest(k, nums)


def top_k_frequent(nums, k):
    counts = Counter(nums)
    return heapq.nlargest(k, counts, key=lambda v: (counts[v], -v))
