class MinHeap:
    def __init__(self):
        self.a = []

    def __len__(self):
        return len(self.a)

    def top(self):
        return self.a[0]

    def push(self, x):
        a = self.a
        a.append(x)
        i = len(a) - 1
        while i > 0 and a[i] < a[(i - 1) // 2]:
            a[i], a[(i - 1) // 2] = a[(i - 1) // 2], a[i]
            i = (i - 1) // 2

    def replace_top(self, x):
        a = self.a
        a[0] = x
        i, n = 0, len(a)
        while True:
            small = i
            for c in (2 * i + 1, 2 * i + 2):
                if c < n and a[c] < a[small]:
                    small = c
            if small == i:
                return
            a[i], a[small] = a[small], a[i]
            i = small


def top_k(items, k):
    h = MinHeap()
    for x in items:
        if len(h) < k:
            h.push(x)
        elif h.top() < x:
            h.replace_top(x)
    return sorted(h.a, reverse=True)


def top_k_largest(nums, k):
    return top_k(nums, k)


def top_k_frequent(nums, k):
    count = {}
    for x in nums:
        count[x] = count.get(x, 0) + 1
    best = top_k(((c, -x) for x, c in count.items()), k)
    return [-negx for _, negx in best]
