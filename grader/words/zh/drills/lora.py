"""中文 text of the lora drill."""
TEXT = {
    'Freeze with nn.Parameter(w, requires_grad=False): still a parameter (saved, moved by .to()), but autograd never computes its gradient. lora_B = nn.Parameter(torch.zeros(d_out, rank)).':
        '用 nn.Parameter(w, requires_grad=False) 冻结：它仍是参数（会被保存，也会随 .to() 移动），但 autograd 永远不计算它的梯度。lora_B = nn.Parameter(torch.zeros(d_out, rank))。',
    'a backward pass through the output never reaches {0}: the adapter matrices are what LoRA trains (requires_grad=True, and used in forward)':
        '从输出反向传播永远到达不了 {0}：LoRA 训练的正是这两个适配矩阵（requires_grad=True，并且要在 forward 中用到）',
    'a backward pass through the output reaches `weight`: training would update the pretrained weight. Freeze it: nn.Parameter(..., requires_grad=False)':
        '从输出反向传播到达了 `weight`：训练会更新预训练权重。把它冻结：nn.Parameter(..., requires_grad=False)',
    'a newly built layer':
        '新建的层',
    'after merge() `weight` is the output of {0}: the update was folded in inside autograd, so weight now depends on lora_A and lora_B. Do it under torch.no_grad()':
        'merge() 之后 `weight` 是 {0} 的输出：更新是在 autograd 之内合并的，因此 weight 现在依赖 lora_A 和 lora_B。请在 torch.no_grad() 下进行',
    'after merge() forward still adds the LoRA path: the update is counted twice':
        'merge() 之后 forward 仍然加上了 LoRA 路径：更新被算了两次',
    'alpha below rank: scale 0.5':
        'alpha 小于 rank：缩放系数 0.5',
    'd_in 512, d_out 256':
        'd_in 512，d_out 256',
    'forward on {0} tokens (d_in = d_out = {1}, rank {2}) took {3} multiply-adds in matrix products; x @ weight.T and the path through the rank-{4} bottleneck need {5}. Is B @ A (d_out × d_in) formed on every call? Compute (x @ lora_A.T) @ lora_B.T':
        '对 {0} 个 token 做 forward（d_in = d_out = {1}，rank {2}），矩阵乘法用了 {3} 次乘加；x @ weight.T 加上经过 rank-{4} 瓶颈的路径只需要 {5} 次。是不是每次调用都构造了 B @ A (d_out × d_in)？请计算 (x @ lora_A.T) @ lora_B.T',
    'forward: x @ self.weight.T + (x @ self.lora_A.T) @ self.lora_B.T * (alpha / rank). x @ A.T is (..., rank): the cheap way through.':
        'forward：x @ self.weight.T + (x @ self.lora_A.T) @ self.lora_B.T * (alpha / rank)。x @ A.T 形状为 (..., rank)：这是代价最小的路径。',
    'lora_A and lora_B get gradients':
        'lora_A 和 lora_B 有梯度',
    'lora_A and lora_B in the wrong order or transposed: x (..., d_in) @ lora_A.T (d_in, r) @ lora_B.T (r, d_out)':
        'lora_A 和 lora_B 顺序错了或转置错了：x (..., d_in) @ lora_A.T (d_in, r) @ lora_B.T (r, d_out)',
    'lora_A or lora_B frozen (requires_grad=False) or left out of forward: they are what LoRA trains':
        'lora_A 或 lora_B 被冻结（requires_grad=False）或没在 forward 中使用：LoRA 训练的正是它们',
    "lora_A zero at init: with A and B both zero neither ever gets a gradient (each one's gradient is proportional to the other)":
        'lora_A 初始化为零：A 和 B 都为零时，两者永远得不到梯度（各自的梯度都与对方成正比）',
    'lora_B not zero at init: with B = 0 the adapted layer starts exactly as the pretrained one':
        'lora_B 初始化不为零：B = 0 时，适配后的层一开始才与预训练层完全相同',
    "merge() adds (B @ A).T: lora_B @ lora_A is (d_out, d_in), weight's own shape":
        'merge() 加的是 (B @ A).T：lora_B @ lora_A 的形状就是 (d_out, d_in)，正是 weight 的形状',
    'merge() changes weight in place inside autograd: wrap it in torch.no_grad()':
        'merge() 在 autograd 之内原地修改 weight：用 torch.no_grad() 包起来',
    'merge() does not change weight':
        'merge() 没有修改 weight',
    'merge() folds B @ A in without the alpha / rank scale':
        'merge() 合并 B @ A 时漏了 alpha / rank 缩放',
    "merge: with torch.no_grad(): self.weight += scale * self.lora_B @ self.lora_A — (d_out, r) @ (r, d_in) is weight's shape — then set self.merged = True and skip the LoRA path in forward when it is set.":
        'merge：with torch.no_grad(): self.weight += scale * self.lora_B @ self.lora_A ——(d_out, r) @ (r, d_in) 正是 weight 的形状——然后设置 self.merged = True，forward 中若已设置就跳过 LoRA 路径。',
    'merged outside autograd':
        '在 autograd 之外合并',
    'rank 1: merge(), then forward(x)':
        'rank 1：先 merge()，再 forward(x)',
    'rank 4, alpha 16: scale 4':
        'rank 4，alpha 16：缩放系数 4',
    'rank 4, alpha 16: scale 4: merge(), then forward(x)':
        'rank 4，alpha 16：缩放系数 4：先 merge()，再 forward(x)',
    'rank = d_in: full rank':
        'rank = d_in：满秩',
    'square weight: d_in == d_out':
        '方阵权重：d_in == d_out',
    'square weight: d_in == d_out: merge(), then forward(x)':
        '方阵权重：d_in == d_out：先 merge()，再 forward(x)',
    "the prompt's shapes":
        '题目中的形状',
    "the prompt's shapes: merge(), then forward(x)":
        '题目中的形状：先 merge()，再 forward(x)',
    'the tokens':
        'token 数',
    'the update formed as the (d_out, d_in) matrix B @ A on every call instead of going through the rank-r bottleneck (x @ lora_A.T) @ lora_B.T':
        '每次调用都把更新构造成 (d_out, d_in) 的矩阵 B @ A，而不是经过 rank-r 瓶颈 (x @ lora_A.T) @ lora_B.T',
    'through the rank-r bottleneck':
        '经过 rank-r 瓶颈',
    'update scaled by alpha instead of alpha / rank':
        '更新按 alpha 缩放，而不是 alpha / rank',
    'update scaled by rank / alpha instead of alpha / rank':
        '更新按 rank / alpha 缩放，而不是 alpha / rank',
    'weight gets no gradient':
        'weight 没有梯度',
    'weight not frozen: create it with nn.Parameter(..., requires_grad=False)':
        'weight 没有冻结：用 nn.Parameter(..., requires_grad=False) 创建它',
    'x @ lora_A.T is (..., rank): multiplying by lora_B.T after it costs tokens · rank · (d_in + d_out), while B @ A is a full (d_out, d_in) matrix, as costly as the frozen weight.':
        'x @ lora_A.T 形状为 (..., rank)：之后再乘 lora_B.T，总代价是 tokens · rank · (d_in + d_out)；而 B @ A 是完整的 (d_out, d_in) 矩阵，代价和冻结的权重一样大。',
    'x without a batch axis, rank 1':
        '没有 batch 维的 x，rank 1',
}
