from collections import Counter

EXPECT = {
    'top_k_largest: no full sort': 'sorts the whole input (sorted(nums), nums.sort(), or a heap of all n popped through): keep a heap of k numbers and sort only those',
    'top_k_largest: O(k) memory': 'copies the whole input (sorted(nums), list(nums), nums[k:], a list of all negated numbers): keep only k numbers',
    'top_k_frequent: no sort of all the distinct values': 'sorts all the distinct values by count: keep a size-k heap of (count, value) keys',
}


def top_k_largest(nums, k):
    return sorted(nums, reverse=True)[:k]


def top_k_frequent(nums, k):
    counts = Counter(nums)
    return sorted(counts, key=lambda v: (-counts[v], v))[:k]
