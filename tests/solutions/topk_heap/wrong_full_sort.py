from collections import Counter

EXPECT = {"check": "no full sort"}


def top_k_largest(nums, k):
    return sorted(nums, reverse=True)[:k]


def top_k_frequent(nums, k):
    counts = Counter(nums)
    return sorted(counts, key=lambda v: (-counts[v], v))[:k]
