"""中文 text of the selective_scan drill."""
TEXT = {
    '3 chunks, the last one shorter':
        '3 个块，最后一块更短',
    '512 steps':
        '512 步',
    '512 steps in chunks of 64':
        '512 步，每块 64 步',
    'B and C swapped: B writes x into the state, C reads y out of it':
        'B 和 C 弄反了：B 把 x 写入状态，C 从状态中读出 y',
    'Both parameters of the continuous system are scaled by the step: exp(Δ A) for the decay and Δ B for the input, u = delta[..., None] * B[:, :, None, :] * x[..., None].':
        '连续系统的两个参数都按步长缩放：衰减是 exp(Δ A)，输入是 Δ B，u = delta[..., None] * B[:, :, None, :] * x[..., None]。',
    "Chunked: in a chunk, cum = cumsum(delta[..., None] * A, dim=1) is the log of the decay from the chunk's start. The decay from step s to step t is exp(cum_t - cum_s): build seg = cum[:, :, None] - cum[:, None, :], (batch, t, s, D, N).":
        '分块版：块内 cum = cumsum(delta[..., None] * A, dim=1) 是从块起点开始的衰减的对数。从第 s 步到第 t 步的衰减是 exp(cum_t - cum_s)：构造 seg = cum[:, :, None] - cum[:, None, :]，形状 (batch, t, s, D, N)。',
    'For s > t, cum_t - cum_s is positive and large: exp gives inf, and inf · 0 (or the gradient of a torch.where over it) is NaN. masked_fill(s > t, -inf) first, then exp: exp(-inf) = 0.':
        's > t 时 cum_t - cum_s 是很大的正数：exp 得到 inf，而 inf · 0（或经过 torch.where 的梯度）是 NaN。先 masked_fill(s > t, -inf)，再取 exp：exp(-inf) = 0。',
    'Keep h after each chunk (h = hs[:, -1]) and add exp(cum_t) ∘ h to every step of the next one.':
        '每块结束后保留 h（h = hs[:, -1]），并在下一块的每一步加上 exp(cum_t) ∘ h。',
    'Mask the pairs s > t with -inf BEFORE the exp (masked_fill, then exp gives 0 and a 0 gradient); h_t = sum_s exp(seg)[t, s] * u_s + exp(cum_t) * h_in, an einsum over s.':
        '在取 exp 之前用 -inf 掩掉 s > t 的配对（先 masked_fill，再 exp 得到 0，梯度也是 0）；h_t = sum_s exp(seg)[t, s] * u_s + exp(cum_t) * h_in，对 s 做一次 einsum。',
    'Precompute for every step at once: decay = exp(delta[..., None] * A) and u = delta[..., None] * B[:, :, None, :] * x[..., None], both (batch, L, D, N). The loop over time then only does h = decay[:, t] * h + u[:, t] and y_t = (h * C[:, t, None, :]).sum(-1).':
        '一次性为所有步预先算好：decay = exp(delta[..., None] * A) 和 u = delta[..., None] * B[:, :, None, :] * x[..., None]，形状都是 (batch, L, D, N)。这样时间循环里只需做 h = decay[:, t] * h + u[:, t] 和 y_t = (h * C[:, t, None, :]).sum(-1)。',
    "an input changed in place (x *= delta edits the caller's tensor): make new tensors":
        '原地修改了输入（x *= delta 会改掉调用方的张量）：应创建新张量',
    'batch 2, 7 steps, 3 channels, 4 state dims':
        'batch 2，7 步，3 个通道，4 个状态维',
    'carried state not decayed inside the chunk: it reaches step t as exp(cum_t) ∘ h_in':
        '传入的状态在块内没有衰减：它到第 t 步时应为 exp(cum_t) ∘ h_in',
    'chunk_size 1':
        'chunk_size 1',
    'decay 1 + Δ A (Euler) instead of exp(Δ A)':
        '衰减用了 1 + Δ A（欧拉法），而不是 exp(Δ A)',
    'decay between steps computed as exp(cum_t) / exp(cum_s): both underflow for strong decays; take exp(cum_t - cum_s)':
        '步间衰减算成了 exp(cum_t) / exp(cum_s)：衰减很强时两者都会下溢；应取 exp(cum_t - cum_s)',
    'decay exp(A) without Δ: the state decays by exp(Δ_t A) at each step':
        '衰减用了不带 Δ 的 exp(A)：状态每一步应按 exp(Δ_t A) 衰减',
    'decay inside a chunk off by one: the input of step s decays over the steps after it, exp(cum_t - cum_s), not from s itself':
        '块内衰减差了一步：第 s 步的输入只在它之后的各步上衰减，即 exp(cum_t - cum_s)，不从 s 本身开始',
    'discretisation of B without Δ: the input enters as Δ_t B_t x_t, not B_t x_t':
        'B 的离散化漏了 Δ：输入应以 Δ_t B_t x_t 进入，而不是 B_t x_t',
    'one channel, one state dim':
        '一个通道，一个状态维',
    'one chunk longer than the sequence':
        '一个比序列还长的块',
    'one step':
        '一步',
    'one step, chunk_size 4':
        '一步，chunk_size 4',
    'output read before the state update: y_t = C_t · h_t, with x_t already in h_t':
        '在更新状态之前读出了输出：y_t = C_t · h_t，此时 h_t 中已包含 x_t',
    'pairs s > t masked after the exponential: exp(cum_t - cum_s) overflows there, and the values (inf · 0) or the gradients (through a where) are NaN; mask with -inf before exp':
        '在取指数之后才掩掉 s > t 的配对：那里 exp(cum_t - cum_s) 会溢出，值（inf · 0）或梯度（经过 where）会变成 NaN；应在 exp 之前用 -inf 做掩码',
    'pairwise decays for more than one chunk at once (chunk_size ignored, or every chunk in one tensor): loop over the chunks, each (batch, chunk_size, chunk_size, D, N) at most':
        '一次算了不止一个块的两两衰减量（忽略了 chunk_size，或把所有块放进一个张量）：应对块循环，每块最多 (batch, chunk_size, chunk_size, D, N)',
    'state not carried across chunks: each chunk starts from the state the previous one ended with':
        '状态没有在块之间传递：每块应从上一块结束时的状态开始',
    'strong decays (Δ A down to -60)':
        '强衰减（Δ A 低至 -60）',
    'strong decays (Δ A down to -60), 2 chunks':
        '强衰减（Δ A 低至 -60），2 个块',
    'strong decays, x near ±300':
        '强衰减，x 接近 ±300',
    'strong decays: cum down to -1000 in a chunk of 16, x near ±300':
        '强衰减：16 步的块内 cum 低至 -1000，x 接近 ±300',
    'the batch, the channels and the state dims':
        'batch 大小、通道数和状态维数',
    'the batch, the channels, the state dims and the steps inside a chunk':
        'batch 大小、通道数、状态维数和块内步数',
    'the last, shorter chunk dropped (L not a multiple of chunk_size)':
        '丢掉了最后那个更短的块（L 不是 chunk_size 的倍数）',
    "the prompt's example":
        '题目中的示例',
    "y_t = sum_n C_t h_t; the next chunk starts from h_in = h at the chunk's last step. Cut chunks with range(0, L, chunk_size) so the last, shorter one is kept.":
        'y_t = sum_n C_t h_t；下一块从 h_in = 本块最后一步的 h 开始。用 range(0, L, chunk_size) 切块，这样最后那个更短的块也会保留。',
}
