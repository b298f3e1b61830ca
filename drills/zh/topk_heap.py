"""堆求top-k Top-k with a heap

在普通的 Python 列表上实现两个函数，两者都是大小为 k 的最小堆（`heapq`，或你自己写的堆）的经典用法。

1. `top_k_largest(nums, k)`：`nums` 中最大的 k 个数，从大到小。
   维护一个装着目前为止最大的 k 个数的最小堆；堆顶 heap[0] 是其中最小的，所以新数只有大于堆顶时
   才能进堆（同时堆顶出堆）。这样是 O(n log k) 次比较、O(k) 内存，k 较小时远好于把全部 n 个数排序。
   只在最后对留下的 k 个数排序。重复的数分别计数：top_k_largest([5, 5, 1], 2) == [5, 5]。

2. `top_k_frequent(nums, k)`：`nums`（整数列表）中出现次数最多的 k 个值，按频率从高到低；次数相同
   的值：较小的值在前（这也决定了哪些值能入选）。用 dict 或 collections.Counter 计数，然后对不同的
   值维护一个大小为 k 的堆，按上述顺序以 (count, value) 为键。

- 第一个函数 1 <= k <= len(nums)，第二个函数 1 <= k <= 不同值的个数。
- 不要修改 `nums`（不要对调用者的列表做 `heapify(nums)`、`nums.sort()` 或 `nums.pop()`）。
- 不允许：`heapq.nlargest` / `heapq.nsmallest`（也不能用 `Counter.most_common(k)`，它内部调用了
  它们）。
- 评分器会统计你的代码做了多少次比较：对整个输入排序，或在 top_k_frequent 中对所有不同的值排序，
  比大小为 k 的堆多得多（约 n·log2 n 对比 n·(1 + 2·log2 k)）。
- 评分器会测量 top_k_largest 分配的内存：须为 O(k)，所以不能复制 `nums`（sorted(nums)、
  list(nums)、切片 nums[k:]、所有数取负后的列表）。直接遍历 `nums` 本身；itertools.islice 不会复制。

示例:
    >>> top_k_largest([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0], 3)
    [9.0, 6.0, 5.0]
    >>> top_k_frequent([1, 1, 1, 2, 2, 3, 3, 4], 2)       # counts: 1:3, 2:2, 3:2, 4:1
    [1, 2]
"""
import heapq
from collections import Counter


def top_k_largest(nums: list[float], k: int) -> list[float]:
    # TODO: 用大小为 k 的最小堆保存目前最大的数，最后把这 k 个数从大到小返回（约 7 行）
    raise NotImplementedError


def top_k_frequent(nums: list[int], k: int) -> list[int]:
    # TODO: 计数，然后维护大小为 k 的最小堆，键的设计要让堆顶是保留下来的最弱者（约 9 行）
    raise NotImplementedError
