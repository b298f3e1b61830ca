"""中文 text of the linear_attention drill."""
TEXT = {
    '1024 tokens':
        '1024 个 token',
    '2 heads, 6 tokens':
        '2 个注意力头，6 个 token',
    '256 tokens':
        '256 个 token',
    "Add token t's own key and value BEFORE reading its output, carry S and z to the next token, and torch.stack the outputs on dim 2.":
        '先加上 token t 自己的 key 和 value，再读它的输出；把 S 和 z 传给下一个 token，最后沿 dim 2 用 torch.stack 拼起输出。',
    'D = 3, D_v = 7':
        'D = 3，D_v = 7',
    'D = D_v = 1, inputs of size 3':
        'D = D_v = 1，输入大小为 3',
    "Keep S = sum_j phi(k_j) v_jᵀ and z = sum_j phi(k_j) as running sums: add token t's pair, then out_t = phi(q_t)ᵀ S / (phi(q_t) · z). No step looks at k or v of earlier tokens.":
        '把 S = sum_j phi(k_j) v_jᵀ 和 z = sum_j phi(k_j) 作为累加和维护：加上 token t 的这一对，然后 out_t = phi(q_t)ᵀ S / (phi(q_t) · z)。任何一步都不再查看之前 token 的 k 或 v。',
    'Parallel: W = phi(q) @ phi(k).transpose(-2, -1), zero the future with a lower-triangular mask (tril keeps j <= i, the diagonal included), out = (W @ v) / W.sum(-1, keepdim=True).':
        '并行形式：W = phi(q) @ phi(k).transpose(-2, -1)，用下三角掩码把未来置零（tril 保留 j <= i，包括对角线），out = (W @ v) / W.sum(-1, keepdim=True)。',
    'Recurrent: S = zeros(B, H, D, D_v), z = zeros(B, H, D). For token t: S += phi(k_t)[..., :, None] * v_t[..., None, :]; z += phi(k_t); then out_t = (phi(q_t)[..., None] * S).sum(-2) / (phi(q_t) * z).sum(-1).':
        '循环形式：S = zeros(B, H, D, D_v)，z = zeros(B, H, D)。对 token t：S += phi(k_t)[..., :, None] * v_t[..., None, :]；z += phi(k_t)；然后 out_t = (phi(q_t)[..., None] * S).sum(-2) / (phi(q_t) * z).sum(-1)。',
    'S':
        'S',
    "Token i's sums stop at i: multiply the weights by torch.ones(S, S).tril() (j <= i), or take cumsum over the tokens, in both the numerator and the normaliser.":
        'token i 的求和到 i 为止：把权重乘以 torch.ones(S, S).tril()（j <= i），或者沿 token 做 cumsum，分子和归一化项都要这样。',
    "Update S and z with token t first, then read token t's output: the first token attends to itself.":
        '先用 token t 更新 S 和 z，再读 token t 的输出：第一个 token 会关注它自己。',
    'an intermediate larger than the output or the state: the (S, S) weights, or the S states (B, H, S, D, D_v) at once; the recurrent form keeps one (B, H, D, D_v) state':
        '中间结果大于输出或状态：(S, S) 的权重，或同时保存 S 个状态 (B, H, S, D, D_v)；循环形式只保留一个 (B, H, D, D_v) 的状态',
    "each step reads the whole prefix again (phi(q_t) against every phi(k_j), j <= t): quadratic in S; read token t's output from the carried S and z":
        '每一步都重新读取整个前缀（phi(q_t) 与每个 phi(k_j) 相乘，j <= t）：对 S 是二次的；应从传下来的 S 和 z 中读出 token t 的输出',
    'feature map applied to v as well: only q and k go through phi':
        '对 v 也用了特征映射：只有 q 和 k 经过 phi',
    'feature map elu(x) without the + 1: phi(x) = elu(x) + 1 keeps every feature positive':
        '特征映射用了 elu(x) 而漏了 + 1：phi(x) = elu(x) + 1 保证每个特征都为正',
    'feature map missing: q and k go through phi(x) = elu(x) + 1, so every weight is positive':
        '漏了特征映射：q 和 k 要经过 phi(x) = elu(x) + 1，这样每个权重都为正',
    'inputs near ±30: phi(x) from e^-30 to 31':
        '接近 ±30 的输入：phi(x) 从 e^-30 到 31',
    'normaliser missing: divide phi(q_i)ᵀ S_i by phi(q_i) · z_i, the sum of the weights':
        '漏了归一化项：把 phi(q_i)ᵀ S_i 除以权重之和 phi(q_i) · z_i',
    'one token':
        '一个 token',
    'phi = F.elu(x) + 1 on q and k (never on v). Then everything is attention with weights phi(q_i)·phi(k_j) instead of exp(q_i·k_j), normalised by their sum instead of a softmax.':
        '对 q 和 k 用 phi = F.elu(x) + 1（v 不用）。之后一切都和注意力一样，只是权重是 phi(q_i)·phi(k_j) 而不是 exp(q_i·k_j)，并用它们的和归一化，而不是 softmax。',
    'state not carried from one token to the next: S and z sum over every token so far':
        '状态没有从一个 token 传到下一个：S 和 z 是到目前为止所有 token 的和',
    'sums not causal: token i may use only the keys and values j <= i (cumulative sums, or a lower-triangular mask, in the numerator and in the normaliser)':
        '求和不是因果的：token i 只能使用 j <= i 的 key 和 value（在分子和归一化项中都用累积和或下三角掩码）',
    'the batch and the heads':
        'batch 和注意力头数',
    'the batch, the heads and the tokens':
        'batch、注意力头数和 token 数',
    "the prompt's example":
        '题目中的示例',
    "token i's own key and value left out (j < i): its sums run over j <= i, so add them before reading the output":
        '漏了 token i 自己的 key 和 value（j < i）：求和范围是 j <= i，所以要在读输出之前加上它们',
}
