"""中文 text of the topk_heap drill."""
TEXT = {
    '20,030 ints: 1000 values 20 times each, 3 once more':
        '20,030 个整数：1000 个值各出现 20 次，其中 3 个再多出现一次',
    '5000 numbers':
        '5000 个数',
    'A MIN-heap of size k finds the k LARGEST: its root heap[0] is the smallest of the k kept, the one a new number has to beat.':
        '用大小为 k 的最小堆找最大的 k 个：堆顶 heap[0] 是保留的 k 个中最小的，新数要赢过的就是它。',
    'A size-k min-heap makes about one comparison per number (x > heap[0]) plus a few per number that enters; sorting all n numbers makes about n·log2 n.':
        '大小为 k 的最小堆对每个数大约只比较一次 (x > heap[0])，进堆的数再多比较几次；对全部 n 个数排序约需 n·log2 n 次。',
    'For each x: while the heap has fewer than k items, heapq.heappush(heap, x); otherwise, if x > heap[0], heapq.heapreplace(heap, x). At the end sorted(heap, reverse=True) sorts only k items.':
        '对每个 x：堆中不足 k 个时 heapq.heappush(heap, x)；否则若 x > heap[0]，heapq.heapreplace(heap, x)。最后 sorted(heap, reverse=True) 只排 k 个元素。',
    'Iterate over nums itself (for x in nums) and keep only the heap of k numbers; a slice nums[k:] is a copy of n - k items (itertools.islice does not copy).':
        '直接遍历 nums 本身 (for x in nums)，只保留 k 个数的堆；切片 nums[k:] 会复制 n - k 个元素（itertools.islice 不会复制）。',
    'O(k) memory':
        'O(k) 内存',
    'a three-way tie':
        '三个值并列',
    'all counts 1: the k smallest values':
        '所有次数都是 1：取最小的 k 个值',
    'all equal':
        '全部相等',
    'all negative, k = 1':
        '全为负数，k = 1',
    'ascending input':
        '升序输入',
    'copies the whole input (sorted(nums), list(nums), nums[k:], a list of all negated numbers): keep only k numbers':
        '复制了整个输入（sorted(nums)、list(nums)、nums[k:]、所有数取负后的列表）：只保留 k 个数',
    "descending input: the heap's list is not sorted":
        '降序输入：堆的列表并不是有序的',
    'duplicates count separately':
        '重复的数分别计数',
    'duplicates dropped (a set, or a number skipped when it is in the heap already): top_k_largest([5, 5, 1], 2) is [5, 5]':
        '丢掉了重复的数（用了 set，或某个数已在堆中就跳过）：top_k_largest([5, 5, 1], 2) 是 [5, 5]',
    "equal counts are in order of first appearance (Counter.most_common's order); the smaller value comes first (and wins a tie at the cut)":
        '次数相同时按首次出现的顺序排（Counter.most_common 的顺序）；应是较小的值在前（并在截断处的并列中胜出）',
    'equal counts are listed larger value first; the smaller value comes first (and wins a tie at the cut)':
        '次数相同时较大的值排在前面；应是较小的值在前（并在截断处的并列中胜出）',
    'expected a list of k={0} distinct values, got {1}':
        '期望一个含 k={0} 个不同值的列表，得到的是 {1}',
    'expected a list of k={0} numbers, got {1}':
        '期望一个含 k={0} 个数的列表，得到的是 {1}',
    'first seen is not smallest first':
        '先出现的不一定是较小的',
    'k = len(nums)':
        'k = len(nums)',
    'k = the number of distinct values':
        'k = 不同值的个数',
    'k distinct values from nums, most frequent first':
        'nums 中的 k 个不同值，频率最高的在前',
    'k numbers from nums, largest first':
        'nums 中的 k 个数，最大的在前',
    'least frequent first; the most frequent comes first':
        '频率最低的在前；应是频率最高的在前',
    'negative values':
        '负值',
    'no full sort':
        '不做完整排序',
    'no sort of all the distinct values':
        '不对所有不同的值排序',
    'one number':
        '只有一个数',
    'returned smallest first: return the k largest largest first':
        '返回时最小的在前：应把最大的 k 个从大到小返回',
    "returned the heap's list as it is: a heap is not sorted, sort the k survivors largest first":
        '直接返回了堆的列表：堆不是有序的，要把留下的 k 个从大到小排序',
    'sorts all the distinct values by count: keep a size-k heap of (count, value) keys':
        '把所有不同的值按次数排序了：应维护一个以 (count, value) 为键、大小为 k 的堆',
    'sorts the whole input (sorted(nums), nums.sort(), or a heap of all n popped through): keep a heap of k numbers and sort only those':
        '对整个输入排序了（sorted(nums)、nums.sort()，或把全部 n 个数建堆再依次弹出）：应只保留 k 个数的堆，只对它们排序',
    "the caller's list changed (heapify(nums), nums.sort(), nums.pop()): build the heap in a new list":
        '调用者的列表被改动了（heapify(nums)、nums.sort()、nums.pop()）：要在新列表中建堆',
    'the cut falls inside a tie':
        '截断处恰好有并列',
    "the prompt's example":
        '题目中的示例',
    'top_k_frequent(n={0} ints, every value once, k={1}) compared values {2} times: a size-k heap over the d = {3} distinct values needs about d·(1 + 2·log2 k) ≈ {4}, sorting them about d·log2 d ≈ {5}; at most {6} are allowed':
        'top_k_frequent（n={0} 个整数，每个值出现一次，k={1}）比较了 {2} 次：在 d = {3} 个不同值上维护大小为 k 的堆约需 d·(1 + 2·log2 k) ≈ {4} 次，对它们排序约需 d·log2 d ≈ {5} 次；最多允许 {6} 次',
    'top_k_frequent: counts = Counter(nums), then the same loop over counts.items() with the key (count, -value): a higher count wins, and on a tie the smaller value (larger -value) wins. Undo the minus sign when you return.':
        'top_k_frequent：counts = Counter(nums)，然后对 counts.items() 做同样的循环，键为 (count, -value)：次数高的胜出，并列时较小的值（-value 较大）胜出。返回时把负号去掉。',
    'top_k_largest(n={0} numbers, k={1}) allocated {2} bytes at its peak; a heap of k numbers needs a few hundred (at most {3} allowed), a list of n pointers {4}. Keep only k numbers: iterate over nums without copying it':
        'top_k_largest（n={0} 个数，k={1}）峰值分配了 {2} 字节；k 个数的堆只需几百字节（最多允许 {3}），n 个指针的列表需 {4}。只保留 k 个数：遍历 nums 时不要复制它',
    'top_k_largest(n={0} numbers, k={1}) made {2} comparisons: a size-k heap needs about n·(1 + 2·log2 k) ≈ {3} at most, sorting all n about n·log2 n ≈ {4}; at most {5} are allowed':
        'top_k_largest（n={0} 个数，k={1}）做了 {2} 次比较：大小为 k 的堆最多约需 n·(1 + 2·log2 k) ≈ {3} 次，对全部 n 个数排序约需 n·log2 n ≈ {4} 次；最多允许 {5} 次',
    '{0} holds numbers that are not in nums (or more copies of one than nums has)':
        '{0} 含有不在 nums 中的数（或某个数的份数比 nums 中还多）',
    '{0} holds values that are not in nums':
        '{0} 含有不在 nums 中的值',
    '{0} is not largest first':
        '{0} 不是从大到小排列',
    '{0} is not most frequent first (counts {1})':
        '{0} 不是按频率从高到低排列（次数 {1}）',
    '±inf and magnitudes near 1e±300':
        '±inf 以及量级接近 1e±300 的数',
}
