"""中文 text of the moe_layer drill."""
TEXT = {
    '512 tokens':
        '512 个 token',
    'For each expert e: token, slot = (experts == e).nonzero(as_tuple=True) lists its tokens in token order (and which of their k choices it was); keep token[:capacity], slot[:capacity].':
        '对每个专家 e：token, slot = (experts == e).nonzero(as_tuple=True) 按 token 顺序列出它的 token（以及这是它们 k 个选择中的第几个）；保留 token[:capacity]、slot[:capacity]。',
    'Per expert, (experts == e).nonzero(as_tuple=True) lists its tokens in token order: keep only the first `capacity` of them.':
        '对每个专家，(experts == e).nonzero(as_tuple=True) 按 token 顺序列出它的 token：只保留前 `capacity` 个。',
    "Send the token itself to the expert, and multiply the expert's OUTPUT by its weight, once.":
        '把 token 本身送进专家，然后用权重乘专家的输出（不是输入），只乘一次。',
    "Start from out = torch.zeros_like(x); add the shared expert's SwiGLU of all of x at the end, unweighted.":
        '从 out = torch.zeros_like(x) 开始；最后加上共享专家对整个 x 的 SwiGLU 输出，不加权。',
    "SwiGLU's SiLU applied to the up branch instead of the gate: down(silu(gate(x)) * up(x))":
        'SwiGLU 的 SiLU 作用在了 up 分支而不是 gate 分支上：应为 down(silu(gate(x)) * up(x))',
    'a capacity that drops nothing':
        '不丢弃任何 token 的容量',
    'a shared expert, no capacity':
        '有共享专家，不限容量',
    'capacity ceil(0.7 * 9 * 2 / 4) = 4 with a shared expert':
        '容量 ceil(0.7 * 9 * 2 / 4) = 4，有共享专家',
    'capacity computed without k: capacity = ceil(capacity_factor * T * k / E), each token takes k slots':
        '计算容量时漏了 k：capacity = ceil(capacity_factor * T * k / E)，每个 token 占 k 个位置',
    'capacity overflow not dropped: each expert keeps at most ceil(capacity_factor * T * k / E) tokens':
        '超出容量的 token 没有丢弃：每个专家最多保留 ceil(capacity_factor * T * k / E) 个 token',
    'capacity rounded down: capacity = ceil(capacity_factor * T * k / E)':
        '容量被向下取整：应为 capacity = ceil(capacity_factor * T * k / E)',
    "combine weights applied twice (on the expert's input and its output, or squared): weight each kept (token, expert) output exactly once":
        '合并权重乘了两次（专家的输入和输出各乘一次，或者平方了）：每个保留的 (token, expert) 输出只加权一次',
    "expected an output of x's shape {0}":
        '输出应与 x 形状相同 {0}',
    'k = 2, capacity 4: some dropped':
        'k = 2，容量 4：部分被丢弃',
    'k = E: every expert for every token':
        'k = E：每个 token 用到所有专家',
    'one token':
        '一个 token',
    'overflow dropped in the wrong order: an expert keeps its FIRST tokens in token order':
        '丢弃超出容量的 token 时顺序错了：专家按 token 顺序保留最前面的 token',
    'probs = softmax(x @ router_weight.T, -1); weights, experts = probs.topk(k, -1); weights /= weights.sum(-1, keepdim=True). capacity = math.ceil(capacity_factor * T * k / E), or T * k when there is none.':
        'probs = softmax(x @ router_weight.T, -1)；weights, experts = probs.topk(k, -1)；weights /= weights.sum(-1, keepdim=True)。capacity = math.ceil(capacity_factor * T * k / E)，不限容量时取 T * k。',
    'router logits in the hundreds':
        '路由 logits 达到几百',
    'shared expert added once per routed expert: add it once per token, outside the loop over experts':
        '共享专家在每个路由专家上都加了一次：应在专家循环之外，每个 token 只加一次',
    "shared expert left out: it is added to every token's output, weight 1":
        '漏了共享专家：它以权重 1 加到每个 token 的输出上',
    'shared expert weighted by the router: its weight is 1':
        '共享专家被路由权重加权了：它的权重是 1',
    'softmax over the tokens (dim 0) instead of over the experts (dim -1)':
        '在 token 维度（dim 0）上做了 softmax，而不是在专家维度（dim -1）上',
    "the prompt's example, capacity 1: token 2 dropped":
        '题目中的示例，容量 1：token 2 被丢弃',
    "the prompt's example, k = 1":
        '题目中的示例，k = 1',
    "the prompt's example, k = 2":
        '题目中的示例，k = 2',
    'the tokens':
        'token 数',
    'tokens independent without a capacity':
        '不限容量时各 token 互不影响',
    'weights not renormalised over the k chosen experts: divide the top-k probabilities by their sum':
        'weights 没有在选中的 k 个专家上重新归一化：把 top-k 概率除以它们的和',
    "weights renormalised after dropping: a dropped expert's weight is simply lost, the others keep theirs":
        '丢弃之后又重新归一化了权重：被丢弃专家的权重直接损失掉，其他专家保持原权重',
    "without a capacity, changing token 0 changed the outputs of other tokens: each token's output depends on that token alone":
        '不限容量时，改变 token 0 却改变了其他 token 的输出：每个 token 的输出只取决于它自己',
    "y = SwiGLU of x[token] with expert e's weights, scaled by weights[token, slot, None], then out = out.index_add(0, token, y): each kept (token, expert) pair is weighted exactly once.":
        'y = 用专家 e 的权重对 x[token] 做 SwiGLU，再乘以 weights[token, slot, None]，然后 out = out.index_add(0, token, y)：每个保留的 (token, expert) 对只加权一次。',
}
