"""中文 text of the sliding_window_attention drill."""
TEXT = {
    '1024 tokens, window 128':
        '1024 个 token，窗口 128',
    '2 queries after 2046 cached keys, window 512':
        '2046 个缓存的 key 之后接 2 个 query，窗口 512',
    '3 queries after 4 cached keys: positions 4, 5, 6':
        '4 个缓存的 key 之后接 3 个 query：位置 4、5、6',
    "Allowed: j <= pos (causal) and j > pos - window (at most `window` keys, the query's own included). Check window=1: each query sees only itself.":
        '允许的条件：j <= pos（因果）且 j > pos - window（最多 `window` 个 key，包括 query 自己的）。验证 window=1：每个 query 只看到它自己。',
    "Count the keys query i sees: with p - window < j <= p there are exactly `window` of them, the query's own key included. window=1 must leave each query only itself.":
        '数一数 query i 能看到几个 key：p - window < j <= p 时正好 `window` 个，包括 query 自己的 key。window=1 时每个 query 必须只剩它自己。',
    'Positions: key j is at j, query i at pos = i + (S_k - S_q). Make pos = torch.arange(S_q)[:, None] + (S_k - S_q) and j = torch.arange(S_k)[None, :] on q.device: they broadcast to (S_q, S_k).':
        '位置：key j 在 j，query i 在 pos = i + (S_k - S_q)。在 q.device 上构造 pos = torch.arange(S_q)[:, None] + (S_k - S_q) 和 j = torch.arange(S_k)[None, :]：二者广播成 (S_q, S_k)。',
    'S_q > S_k: the first 3 queries see no key (not graded, no NaN elsewhere)':
        'S_q > S_k：前 3 个 query 看不到任何 key（不评分，其他地方不能有 NaN）',
    'The window is a band BELOW the diagonal: keep j <= p (causal) as well as j > p - window.':
        '窗口是对角线以下的一条带：既要 j <= p（因果），也要 j > p - window。',
    'This is causal attention with one more condition on each (query, key) pair: build a (S_q, S_k) bool mask of the allowed pairs and fill the other scores with -inf before the softmax.':
        '这就是在每个 (query, key) 对上多加一个条件的因果注意力：构造一个标出允许对的 (S_q, S_k) bool 掩码，在 softmax 之前把其余分数填成 -inf。',
    'a key reaches only the queries whose window holds it':
        '一个 key 只影响窗口包含它的 query',
    "an input changed in place (q /= sqrt(D) edits the caller's tensor): make a new tensor":
        '原地修改了输入（q /= sqrt(D) 会改掉调用者的张量）：应新建张量',
    'changing key {0} changed the output of query {1} (at position {2}) with window={3}: it may only see keys {4}..{5}':
        'window={3} 时，改动 key {0} 改变了 query {1}（位于位置 {2}）的输出：它只能看到 key {4}..{5}',
    "expected an output of q's shape {0}, got {1}":
        '期望输出与 q 的形状 {0} 相同，得到的是 {1}',
    'large scores (|q·k| ~ 1e4): exp must not overflow':
        '很大的分数（|q·k| 约 1e4）：exp 不能溢出',
    'one query (decoding) after 6 cached keys':
        '6 个缓存的 key 之后接一个 query（解码）',
    'positions aligned top-left: with S_q != S_k query i sits at position i + (S_k - S_q), after the cached keys':
        '位置按左上角对齐了：S_q != S_k 时 query i 位于位置 i + (S_k - S_q)，在缓存的 key 之后',
    "scores = q @ k.transpose(-2, -1) / sqrt(D); scores.masked_fill(~keep, float('-inf')); torch.softmax(scores, dim=-1) @ v":
        "scores = q @ k.transpose(-2, -1) / sqrt(D)；scores.masked_fill(~keep, float('-inf'))；torch.softmax(scores, dim=-1) @ v",
    'scores not scaled by 1/sqrt(D)':
        '分数没有乘 1/sqrt(D) 缩放',
    'sliding window off by one: query i sees exactly `window` keys, i - window + 1 .. i (itself included)':
        '滑动窗口差了一位：query i 应正好看到 `window` 个 key，即 i - window + 1 .. i（包括它自己）',
    'softmax over the queries (dim=-2) instead of over the keys (dim=-1)':
        '在 query 维（dim=-2）而不是 key 维（dim=-1）上做 softmax',
    'softmax without subtracting the max (exp overflows)':
        'softmax 没有减去最大值（exp 溢出）',
    'the batch, the heads and the queries':
        'batch 大小、头数和 query 数',
    "the prompt's example":
        '题目中的示例',
    'window 1: each query sees only itself':
        '窗口为 1：每个 query 只看到它自己',
    'window 3 over 6 tokens':
        '6 个 token 上窗口为 3',
    'window == S_k: plain causal attention':
        'window == S_k：普通因果注意力',
    'window applied without causality: keys after the query are visible (the window ends at the query itself)':
        '用了窗口却没有因果：query 之后的 key 也能看到（窗口应止于 query 自己）',
    'window ignored: every earlier key is visible (plain causal attention)':
        '忽略了窗口：之前的所有 key 都能看到（成了普通因果注意力）',
    'window larger than the sequence: plain causal attention':
        '窗口比序列还长：普通因果注意力',
}
