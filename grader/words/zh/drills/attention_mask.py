"""中文 text of the attention_mask drill."""
TEXT = {
    '(1 - mask) * -inf is NaN where mask is True (0 * -inf): fill the hidden places instead (masked_fill or torch.where)':
        'mask 为 True 处 (1 - mask) * -inf 是 NaN（0 * -inf）：应改为填充被屏蔽的位置（masked_fill 或 torch.where）',
    '-1e9 used for hidden keys: in float16 it overflows to -inf (a fully hidden row then softmaxes to NaN), and it is not the most negative value of the dtype: use torch.finfo(dtype).min':
        '被屏蔽的 key 用了 -1e9：在 float16 中它会溢出成 -inf（于是全被屏蔽的行 softmax 后是 NaN），而且它也不是该 dtype 最小的值：应该用 torch.finfo(dtype).min',
    '-inf used for hidden keys: a query whose keys are all hidden softmaxes to NaN (exp(-inf - (-inf))); use torch.finfo(dtype).min, whose fully hidden rows softmax to a harmless uniform row':
        '被屏蔽的 key 用了 -inf：所有 key 都被屏蔽的 query 做 softmax 得到 NaN（exp(-inf - (-inf))）；应该用 torch.finfo(dtype).min，全被屏蔽的行 softmax 后是无害的均匀分布',
    '4 queries after 5 cached keys':
        '5 个缓存的 key 之后接 4 个 query',
    "Count the keys query i sees: with p - window < j <= p there are exactly `window` of them, the query's own included. window=1 must leave each query only itself.":
        '数一数 query i 能看到几个 key：p - window < j <= p 时正好 `window` 个，包括 query 自己的。window=1 时每个 query 必须只剩它自己。',
    'Padding hides KEYS: broadcast the (B, S) mask as mask[:, None, None, :] against the (B, H, S_q, S_k) scores, so the last axis (keys) is masked.':
        'padding 屏蔽的是 key：把 (B, S) 的掩码写成 mask[:, None, None, :]，与 (B, H, S_q, S_k) 的分数广播，这样被掩码的是最后一维（key）。',
    'Padding hides KEYS: keep[None, None] & padding_mask[:, None, None, :] is (B, 1, S_q, S_k).':
        'padding 屏蔽的是 key：keep[None, None] & padding_mask[:, None, None, :] 的形状是 (B, 1, S_q, S_k)。',
    'Positions: pos = torch.arange(q_len)[:, None] + (S_k - q_len) for the queries, j = torch.arange(S_k)[None, :] for the keys (both on padding_mask.device). They broadcast to (S_q, S_k).':
        '位置：query 用 pos = torch.arange(q_len)[:, None] + (S_k - q_len)，key 用 j = torch.arange(S_k)[None, :]（都放在 padding_mask.device 上）。二者广播成 (S_q, S_k)。',
    "Start from keep = ones (S_q, S_k) bool; causal: keep &= j <= pos; window: keep &= j > pos - window (window keys, the query's own included: check window=1 leaves only the diagonal).":
        '从 keep = 全 True 的 (S_q, S_k) bool 出发；因果：keep &= j <= pos；窗口：keep &= j > pos - window（共 window 个 key，包括 query 自己的：验证 window=1 时只剩对角线）。',
    'a 512-token prefill, window 64':
        '512 个 token 的 prefill，窗口 64',
    'a row whose keys are all hidden softmaxes to NaN with this {0} mask (it holds -inf): use torch.finfo(dtype).min, the most negative finite value':
        '用这个 {0} 掩码时，所有 key 都被屏蔽的行 softmax 后是 NaN（掩码里有 -inf）：应该用 torch.finfo(dtype).min，即最小的有限负数',
    'a row with every key hidden':
        '所有 key 都被屏蔽的一行',
    'additive_mask: torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(~mask, torch.finfo(dtype).min).':
        'additive_mask：torch.zeros(mask.shape, dtype=dtype, device=mask.device).masked_fill(~mask, torch.finfo(dtype).min)。',
    'batch elements independent':
        '各 batch 元素相互独立',
    'batch {0}: key {1} is padding (padding_mask[{2}, {3}] is False) but query {4} may attend it: a padded key is hidden from every query':
        'batch {0}：key {1} 是 padding（padding_mask[{2}, {3}] 为 False），但 query {4} 却能关注它：被 padding 的 key 要对所有 query 屏蔽',
    'causal mask aligned top-left (j <= i): the queries are the LAST q_len positions, query i sits at p = i + (S_k - q_len) and may attend keys j <= p':
        '因果掩码左上角对齐了（j <= i）：query 是最后 q_len 个位置，query i 位于 p = i + (S_k - q_len)，可以关注 j <= p 的 key',
    'causal mask without the diagonal (j < p): a query may attend its own key':
        '因果掩码不含对角线（j < p）：query 可以关注它自己的 key',
    "changing the padding of batch element 0 changed the mask of other batch elements: each sequence's keys are hidden by its own padding row":
        '改动 batch 元素 0 的 padding，其他 batch 元素的掩码也变了：每条序列的 key 只由它自己那一行 padding 屏蔽',
    'dtype ignored: the additive mask is made in the dtype asked for':
        '忽略了 dtype：加性掩码要用指定的 dtype 构造',
    'every token padding: all False':
        '所有 token 都是 padding：全为 False',
    'expected a bool tensor of shape {0}, got {1}{2}':
        '期望形状为 {0} 的 bool 张量，得到的是 {1}{2}',
    "expected a tensor of mask's shape {0}":
        '期望与 mask 形状 {0} 相同的张量',
    "finfo of float32 used whatever the dtype: cast to float16 or bfloat16 it overflows to -inf, and float64's minimum is far lower: torch.finfo(dtype).min":
        '不管 dtype 是什么都用了 float32 的 finfo：转成 float16 或 bfloat16 时会溢出成 -inf，而 float64 的最小值要小得多：应该用 torch.finfo(dtype).min',
    'left padding, causal prefill':
        '左侧 padding，因果 prefill',
    'left padding, not causal':
        '左侧 padding，非因果',
    'mask polarity inverted: True means a real token, hide the keys where the mask is False':
        '掩码极性反了：True 表示真实 token，应屏蔽掩码为 False 的 key',
    'no NaN, even in fully hidden rows':
        '即使在全被屏蔽的行里也没有 NaN',
    'no head axis: the mask is (B, 1, S_q, S_k), the 1 broadcasting over the heads':
        '缺了注意力头维：掩码形状是 (B, 1, S_q, S_k)，其中的 1 在头维上广播',
    'nothing hidden':
        '不屏蔽任何东西',
    'one decoding step after 1023 cached keys, window 256':
        '1023 个缓存的 key 之后解码一步，窗口 256',
    'one decoding step after 7 cached keys, window 4':
        '7 个缓存的 key 之后解码一步，窗口 4',
    'one token':
        '只有一个 token',
    'padded keys hidden':
        '被 padding 的 key 被屏蔽',
    'padding mask applied to the queries instead of the keys':
        'padding 掩码用在了 query 上，而不是 key 上',
    'polarity inverted: True means may attend, so 0 where mask is True and finfo.min where it is False':
        '极性反了：True 表示可以关注，所以 mask 为 True 处是 0，为 False 处是 finfo.min',
    "scattered padding, window 1: only the query's own key":
        '零散的 padding，窗口为 1：只有 query 自己的 key',
    'sliding window off by one: query i sees exactly `window` keys, i - window + 1 .. i (itself included)':
        '滑动窗口差了一位：query i 应正好看到 `window` 个 key，即 i - window + 1 .. i（包括它自己）',
    'the additive mask holds NaN (0 * -inf is NaN): multiply by a finite value, or fill with masked_fill / torch.where':
        '加性掩码里有 NaN（0 * -inf 是 NaN）：要乘就乘有限值，或者用 masked_fill / torch.where 填充',
    'the batch, the queries and the keys':
        'batch 大小、query 数和 key 数',
    "the caller's mask changed in place (logical_not_, masked_fill_ on it): make a new tensor":
        '原地改掉了调用者的 mask（对它用了 logical_not_、masked_fill_）：应新建张量',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example, window 2":
        '题目中的示例，窗口为 2',
    'torch.finfo(dtype).min is the most negative finite number of each dtype: -65504 in float16, about -3.4e38 in float32 and bfloat16.':
        'torch.finfo(dtype).min 是每种 dtype 最小的有限负数：float16 中是 -65504，float32 和 bfloat16 中约为 -3.4e38。',
    'torch.ones(S_q, S_k).tril() is top-left aligned; with S_q < S_k the queries come after the cache: tril(diagonal=S_k - S_q), or compare j <= i + (S_k - S_q).':
        'torch.ones(S_q, S_k).tril() 是左上角对齐的；S_q < S_k 时 query 接在缓存之后：用 tril(diagonal=S_k - S_q)，或比较 j <= i + (S_k - S_q)。',
    'window 3 over 7 tokens':
        '7 个 token 上窗口为 3',
    'window ignored: with a window a query sees only keys j > p - window':
        '忽略了窗口：有窗口时 query 只能看到 j > p - window 的 key',
    'window larger than the sequence: plain causal':
        '窗口比序列还长：普通因果',
}
