"""中文 text of the transformer_block drill."""
TEXT = {
    'Attention only sees distances, so 0..S-1 and n..n+S-1 give the same output; positions with gaps do not. Build the angles from `positions`, not from torch.arange(S).':
        '注意力只看距离，所以 0..S-1 和 n..n+S-1 给出相同的输出；有间隔的位置则不同。角度要由 `positions` 构造，而不是 torch.arange(S)。',
    'Causal GQA: k.repeat_interleave(n_heads // n_kv_heads, dim=1) (same for v), scores / sqrt(hd), mask the future with torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), softmax, @ v, merge heads, o_proj.':
        '因果 GQA：k.repeat_interleave(n_heads // n_kv_heads, dim=1)（v 同理），scores / sqrt(hd)，用 torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1) 遮住未来位置，softmax，@ v，合并各头，再过 o_proj。',
    'FFN residual missing: out = h + ffn(ffn_norm(h))':
        '缺少前馈网络的残差：out = h + ffn(ffn_norm(h))',
    'Inside attention: split q into (B, n_heads, S, hd) and k, v into (B, n_kv_heads, S, hd) FIRST, then RoPE on q and k per head (each head_dim vector rotated with pairs i, i + hd/2), never on v.':
        '在注意力内部：先把 q 拆成 (B, n_heads, S, hd)，k、v 拆成 (B, n_kv_heads, S, hd)，然后再按头对 q 和 k 加 RoPE（每个 head_dim 向量按 i、i + hd/2 配对旋转），绝不对 v 加。',
    'Name the submodules exactly: self.attn holds q_proj, k_proj, v_proj, o_proj (bias-free nn.Linear), self.ffn holds gate_proj, up_proj, down_proj; attn_norm and ffn_norm each have a `weight`.':
        '子模块名字必须完全一致：self.attn 包含 q_proj、k_proj、v_proj、o_proj（不带 bias 的 nn.Linear），self.ffn 包含 gate_proj、up_proj、down_proj；attn_norm 和 ffn_norm 各有一个 `weight`。',
    'Pre-norm: h = x + attn(attn_norm(x), positions); out = h + ffn(ffn_norm(h)). The norms only see what goes INTO a sublayer; the residual stream x, h is added back un-normalised.':
        'Pre-norm：h = x + attn(attn_norm(x), positions)；out = h + ffn(ffn_norm(h))。归一化只作用于子层的输入；残差流 x、h 不做归一化，直接加回去。',
    "RoPE applied to the whole q / k projection before splitting the heads: rotate each head's head_dim vector (pairs i, i + head_dim/2)":
        '在拆头之前就对整个 q / k 投影加了 RoPE：应旋转每个头的 head_dim 向量（i 与 i + head_dim/2 配对）',
    'RoPE applied to v as well: it rotates only queries and keys':
        'v 也加了 RoPE：RoPE 只旋转 query 和 key',
    'RoPE not applied: rotate q and k per head at `positions`':
        '没有加 RoPE：要按头在 `positions` 处旋转 q 和 k',
    'RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2':
        'RoPE 用了交错配对 (2i, 2i+1)；rotate-half 是第 i 维与第 i + D/2 维配对',
    'S=1, head_dim=2':
        'S=1，head_dim=2',
    'S=256':
        'S=256',
    "SwiGLU's SiLU applied to the up branch instead of the gate: down(silu(gate(x)) * up(x))":
        'SwiGLU 的 SiLU 作用在了 up 分支而不是 gate 分支：应为 down(silu(gate(x)) * up(x))',
    'When generating, the block sees one new token at a time. Keep the keys and values of earlier tokens in a cache and write one decoding step of its attention.':
        '生成时，这个层每次只看到一个新 token。把之前 token 的 key 和 value 存进缓存，写出其注意力的一步解码。',
    '`positions` ignored (RoPE at 0..S-1): tokens may sit at any positions, with gaps':
        '忽略了 `positions`（RoPE 用的是 0..S-1）：token 可以位于任意位置，且可能有间隔',
    'attention not causal: token i may attend only tokens j <= i':
        '注意力不是因果的：token i 只能看到 j <= i 的 token',
    'attention residual missing: h = x + attn(attn_norm(x), positions)':
        '缺少注意力的残差：h = x + attn(attn_norm(x), positions)',
    'depends only on relative positions':
        '只依赖相对位置',
    'large inputs: the residual stream grows, the normalised sublayer inputs do not':
        '很大的输入：残差流会变大，归一化后的子层输入不会',
    'moving every token 7 positions further changed the output by {0}: with RoPE on q and k alone, attention depends only on the distances between tokens (is v rotated too?)':
        '把每个 token 都往后移 7 个位置，输出变化了 {0}：RoPE 只加在 q 和 k 上时，注意力只依赖 token 之间的距离（是不是把 v 也旋转了？）',
    'positions 10..13 (a chunk after 10 cached tokens)':
        '位置 10..13（10 个已缓存 token 之后的一段）',
    'positions from 1000 to 1500':
        '位置从 1000 到 1500',
    'positions in any order':
        '任意顺序的位置',
    'positions with gaps, multi-query':
        '有间隔的位置，multi-query',
    'positions with gaps, n_kv_heads == n_heads':
        '有间隔的位置，n_kv_heads == n_heads',
    "post-norm instead of pre-norm: normalise each sublayer's input, x + attn(attn_norm(x)), not the sum attn_norm(x + attn(x))":
        '用了 post-norm 而不是 pre-norm：应归一化每个子层的输入 x + attn(attn_norm(x))，而不是归一化和 attn_norm(x + attn(x))',
    'query head h reads kv head h % n_kv_heads (repeat / tile) instead of h // (n_heads // n_kv_heads) (repeat_interleave)':
        'query 头 h 读取了 kv 头 h % n_kv_heads（repeat / tile），而不是 h // (n_heads // n_kv_heads)（repeat_interleave）',
    'scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)':
        '分数按 1/sqrt(d_model) 缩放，而不是 1/sqrt(head_dim)',
    'the batch and the heads':
        'batch 大小和注意力头数',
    "the prompt's example":
        '题目中的示例',
}
