import random
from collections import Counter

import pytest

from reference.topk_heap import top_k_frequent, top_k_largest


@pytest.mark.parametrize("seed", range(20))
def test_top_k_largest_agrees_with_sorted(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 60)
    nums = [float(rng.randint(-5, 5)) if seed % 2 else rng.gauss(0, 10) for _ in range(n)]
    for k in {1, n, rng.randint(1, n)}:
        assert top_k_largest(list(nums), k) == sorted(nums, reverse=True)[:k]


@pytest.mark.parametrize("seed", range(20))
def test_top_k_frequent_agrees_with_counter(seed):
    rng = random.Random(seed)
    nums = [rng.randint(-6, 6) for _ in range(rng.randint(1, 60))]
    counts = Counter(nums)
    for k in {1, len(counts), rng.randint(1, len(counts))}:
        assert top_k_frequent(list(nums), k) == sorted(counts, key=lambda v: (-counts[v], v))[:k]


def test_edge_cases():
    assert top_k_largest([5.0, 5.0, 1.0], 2) == [5.0, 5.0]
    assert top_k_largest([2.5], 1) == [2.5]
    assert top_k_frequent([1, 1, 1, 2, 2, 3, 3, 4], 2) == [1, 2]
    assert top_k_frequent([9, 9, 9, 2, 2, 8, 8, -3, -3], 2) == [9, -3]
    assert top_k_frequent([5, 3, 9, 1], 4) == [1, 3, 5, 9]
