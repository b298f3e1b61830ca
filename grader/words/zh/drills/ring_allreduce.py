"""中文 text of the ring_allreduce drill."""
TEXT = {
    'After N - 1 reduce-scatter steps rank r owns the full chunk (r + 1) % N, so all-gather step s sends chunk (r + 1 - step) % N, and the receiver REPLACES its chunk with it (no addition).':
        'N - 1 步 reduce-scatter 之后，rank r 持有完整的第 (r + 1) % N 块，所以 all-gather 第 s 步发送第 (r + 1 - step) % N 块，接收方用它替换自己的块（不做加法）。',
    'N = 1: nothing is sent':
        'N = 1：什么都不发送',
    'N = 2':
        'N = 2',
    'N = 3, a (2, 3) tensor: divisible':
        'N = 3，(2, 3) 的张量：能整除',
    'N = 4 ranks, 12 elements each':
        'N = 4 个 rank，每个 12 个元素',
    'N = 4 ranks, 36 elements each':
        'N = 4 个 rank，每个 36 个元素',
    'N = 4, 10 elements: chunks of 3, 3, 2, 2':
        'N = 4，10 个元素：块大小 3、3、2、2',
    'N = 4, 10 elements: chunks of 3, 3, 2, 2 (torch.chunk gives 3, 3, 3, 1)':
        'N = 4，10 个元素：块大小 3、3、2、2（torch.chunk 给出 3、3、3、1）',
    'N = 4, 14 elements':
        'N = 4，14 个元素',
    'N = 5, 3 elements: two empty chunks':
        'N = 5，3 个元素：两个空块',
    'N = 6 ranks, 13 elements each':
        'N = 6 个 rank，每个 13 个元素',
    'N = 6, 0-d tensors':
        'N = 6，0 维张量',
    'N = 8, 2112 elements each':
        'N = 8，每个 2112 个元素',
    'Reduce-scatter step s: for r in range(N): c = (r - step) % N; dst = (r + 1) % N; new[dst][c] = new[dst][c] + chunks[r][c]; sent[r] = chunks[r][c].numel() * chunks[r][c].element_size().':
        'reduce-scatter 第 s 步：for r in range(N): c = (r - step) % N; dst = (r + 1) % N; new[dst][c] = new[dst][c] + chunks[r][c]; sent[r] = chunks[r][c].numel() * chunks[r][c].element_size()。',
    'Split once: chunks = [list(t.flatten().tensor_split(N)) for t in tensors]. A step copies the outer lists (new = [list(row) for row in chunks]) and replaces entries, so the given tensors stay untouched.':
        '只切一次：chunks = [list(t.flatten().tensor_split(N)) for t in tensors]。每一步复制外层列表（new = [list(row) for row in chunks]）再替换其中的元素，这样传入的张量保持不变。',
    'a chunk added into in place (+=, add_): the given tensors must stay as they were; new[dst][c] = new[dst][c] + data':
        '原地加到了块上（+=、add_）：传入的张量必须保持原样；应写 new[dst][c] = new[dst][c] + data',
    'all-gather sends chunk (r - step) % N, one rank r has only partly reduced: it owns chunk (r + 1) % N after reduce-scatter, so step s sends (r + 1 - step) % N':
        'all-gather 发送了第 (r - step) % N 块，而 rank r 上这块只是部分归约：reduce-scatter 之后它持有第 (r + 1) % N 块，所以第 s 步应发送 (r + 1 - step) % N',
    'all-gather sends to rank (r - 1) % N: the ring sends to (r + 1) % N':
        'all-gather 发给了 rank (r - 1) % N：环是发给 (r + 1) % N',
    'all-gather starts from chunk r, which rank r has only partly reduced: after reduce-scatter rank r owns chunk (r + 1) % N, so all-gather step s sends chunk (r + 1 - s) % N':
        'all-gather 从第 r 块开始，而 rank r 上这块只是部分归约：reduce-scatter 之后 rank r 持有第 (r + 1) % N 块，所以 all-gather 第 s 步应发送第 (r + 1 - s) % N 块',
    'bytes counted as elements: multiply numel() by element_size()':
        '把元素个数当成了字节数：应用 numel() 乘以 element_size()',
    'bytes received counted instead of bytes sent: rank r sends chunk (r - s) % N, it receives chunk (r - 1 - s) % N':
        '统计的是接收的字节数而不是发送的：rank r 发送第 (r - s) % N 块，接收第 (r - 1 - s) % N 块',
    'bytes sent: 2 (N - 1) / N · size per rank':
        '发送字节数：每个 rank 为 2 (N - 1) / N · size',
    'chunks from torch.chunk (ceil(size / N) each, sometimes fewer than N chunks) instead of tensor_split(N): the bytes each rank sends differ':
        '用 torch.chunk 切块（每块 ceil(size / N)，有时不足 N 块）而不是 tensor_split(N)：每个 rank 发送的字节数会不同',
    'chunks of size // N: the last size % N elements are never reduced; tensor_split(N) covers every element':
        '块大小取 size // N：最后 size % N 个元素永远不会被归约；tensor_split(N) 覆盖每个元素',
    'each step counted as sending the whole tensor: a step sends one chunk, about size / N':
        '每一步都按发送整个张量计数：一步只发一块，约 size / N',
    "every rank ends with every rank's data":
        '每个 rank 最终都包含所有 rank 的数据',
    'expected (results, bytes_sent)':
        '应返回 (results, bytes_sent)',
    'expected one result and one byte count per rank ({0}), got {1} and {2}':
        '每个 rank 应有一个结果和一个字节数（共 {0} 个），实际得到 {1} 和 {2}',
    "only the reduce-scatter phase's bytes counted: all-gather sends as much again":
        '只统计了 reduce-scatter 阶段的字节数：all-gather 还要再发同样多',
    'rank {0} sent {1} bytes: each rank sends about 2 (N - 1) / N · size · {2} = {3} bytes (between {4} and {5} when N does not divide the size)':
        'rank {0} 发送了 {1} 字节：每个 rank 应发送约 2 (N - 1) / N · size · {2} = {3} 字节（N 不整除 size 时在 {4} 到 {5} 之间）',
    "rank {0}'s result has {1} elements, its tensor {2}":
        'rank {0} 的结果有 {1} 个元素，它的张量有 {2} 个',
    'ranks holding 1, 1e8 and -1e8 (float32): rank {0} ends with {1}; summed along the ring (chunk c over ranks c, c + 1, c + 2 in turn) float32 rounding gives {2}':
        '各 rank 分别持有 1、1e8 和 -1e8（float32）：rank {0} 最终得到 {1}；沿环求和（第 c 块依次累加 rank c、c + 1、c + 2）在 float32 舍入下应得到 {2}',
    "reduce-scatter runs N steps instead of N - 1: one rank's data is added twice":
        'reduce-scatter 跑了 N 步而不是 N - 1 步：某个 rank 的数据被加了两次',
    'reduce-scatter sends chunk (r + step) % N: chunk (r - step) % N is what rank r received in the step before, the one to pass on':
        'reduce-scatter 发送了第 (r + step) % N 块：第 (r - step) % N 块才是 rank r 上一步收到、需要继续传下去的块',
    'reduce-scatter sends to rank (r - 1) % N: the ring sends to (r + 1) % N':
        'reduce-scatter 发给了 rank (r - 1) % N：环是发给 (r + 1) % N',
    "reduce-scatter starts from chunk r + 1 (all-gather's index) instead of chunk r: rank r then owns the full chunk (r + 2) % N, and the all-gather, which starts from chunk (r + 1) % N, passes on partial sums":
        'reduce-scatter 从第 r + 1 块（all-gather 的编号）开始而不是第 r 块：这样 rank r 最终持有完整的第 (r + 2) % N 块，而从第 (r + 1) % N 块开始的 all-gather 传出去的是部分和',
    "reduce-scatter step s sends chunk (r + 1 - step) % N, all-gather's index: it sends chunk (r - step) % N, so step 0 sends rank r's own chunk r":
        'reduce-scatter 第 s 步发送了第 (r + 1 - step) % N 块，这是 all-gather 的编号：应发送第 (r - step) % N 块，所以第 0 步发送 rank r 自己的第 r 块',
    "ring_allreduce: N - 1 steps of each phase, adding up each step's sent list; results[r] = torch.cat(chunks[r]).view_as(tensors[r]).":
        'ring_allreduce：两个阶段各 N - 1 步，把每一步的 sent 列表累加起来；results[r] = torch.cat(chunks[r]).view_as(tensors[r])。',
    'summed along the ring':
        '沿环求和',
    'the elements':
        '元素个数',
    'the elements of a chunk':
        '每块的元素个数',
    "the prompt's N = 3, 5 elements each":
        '题目中的 N = 3，每个 5 个元素',
    "the prompt's example":
        '题目中的示例',
    'the ranks sent {0} bytes in all; a ring all-reduce of {1} elements of {2} bytes over N = {3} ranks sends every chunk N - 1 times in each phase: 2 (N - 1) · size · {4} = {5}':
        '各 rank 共发送了 {0} 字节；在 N = {3} 个 rank 上对 {1} 个 {2} 字节的元素做环形 all-reduce，每个阶段每块要发送 N - 1 次：2 (N - 1) · size · {4} = {5}',
    "the ranks' tensors summed directly (not along the ring): chunk c is summed over ranks c, c + 1, ... in order":
        '直接把各 rank 的张量相加（没有沿环求和）：第 c 块应按 rank c, c + 1, ... 的顺序累加',
    "the received chunk is added in all-gather: it replaces the receiver's (it is already the full sum)":
        'all-gather 中把收到的块加了上去：它应替换接收方的块（它已经是完整的和）',
    "the received chunk replaces the receiver's in reduce-scatter: it is added (replacing is all-gather's rule)":
        'reduce-scatter 中收到的块替换了接收方的块：应当相加（替换是 all-gather 的规则）',
    'values near ±1e4':
        '接近 ±1e4 的值',
    '{0}: it holds the data of ranks {1} only, not of {2} (gathered before it was fully reduced, or never reduced)':
        '{0}：它只包含 rank {1} 的数据，缺少 {2} 的（在完全归约之前就被收集了，或者根本没有归约）',
    "{0}: some rank's data was added more than once":
        '{0}：某个 rank 的数据被加了不止一次',
    "with N = {0} ranks, rank k holding {1} copies of 2^k, rank {2}'s element {3} (chunk {4}) is {5}, not {6}":
        'N = {0} 个 rank、rank k 持有 {1} 份 2^k 时，rank {2} 的第 {3} 个元素（chunk {4}）是 {5}，而不是 {6}',
    '{0} step {1} (steps 0..{2})':
        '{0} 第 {1} 步（共 0..{2} 步）',
}
