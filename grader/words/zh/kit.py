"""What the kit (the families of checks) writes in a verdict, in Chinese."""
MESSAGES: dict[str, str] = {
    # grader/engine/kit.py: the invariants of drill families
    "kit.kit.the_output": "输出",
    "kit.kit.not_a_tensor": "{what}应是张量，实际是 {got}",
    "kit.kit.rows_sum": "沿 dim={dim} 的切片之和为 {sums}，不是 1",
    "kit.kit.shift_changed": "给每个输入都加上 {shift} 后，输出变化了 {by}",
    "kit.kit.shift_changed_shape": "输出的形状变了",
    "kit.kit.batch_changed": "改动 batch 第 0 个元素后，其他 batch 元素的输出也变了",
    "kit.kit.elementwise_changed": "改动 x 的第一个元素后，输出的其他元素也变了：函数应对每个元素单独计算",
    "kit.kit.causality_changed": "在因果注意力下，改动 token {later} 后，token {earlier} 的输出变了",
    "kit.kit.padding_changed": "改动 padding token（掩码为 False）后，真实 token 的输出变了：padding 要作为键屏蔽，"
                               "用 mask[:, None, None, :] 对 (B, H, S_q, S_k) 的分数广播",
    "kit.kit.dropout_features": "train() 模式、dropout={p}、注意力均匀且每个值都等于 u 时，某个头的输出不是 u 的倍数："
                                "单个特征被置零了。dropout 应作用在注意力权重上（在 weights @ v 之前）",
    "kit.kit.dropout_none": "train() 模式、dropout={p} 时，每个查询的注意力权重之和仍为 1：没有丢弃任何注意力权重",
    "kit.kit.dropout_not_inverted": "train() 模式、dropout={p} 时，查询的注意力权重之和为（保留的键数）/ {keys}："
                                    "保留下来的权重没有乘以 1/(1-p)",
    "kit.kit.dropout_sums": "train() 模式、dropout={p}、在 {keys} 个键上均匀注意时，查询的权重之和为 {sums}...："
                            "inverted dropout 下应为（保留的键数）/ ({keys} × (1 - p))。"
                            "在 softmax 之后丢弃权重，乘以 1/(1-p)，且不要重新归一化",
    "kit.kit.shapes_differ": "两次输出的形状应相同，实际是 {a} 和 {b}",
    "kit.kit.vector_changed": "改动第一个向量 x[0, ..., :] 后，其他向量的输出变化了 {by}：{reason}",
    "kit.kit.each_vector": "每个向量应单独归一化",
    "kit.kit.each_token": "该层应对每个 token 单独计算",
    "kit.kit.not_logits_shape": "应返回与 logits 形状 {shape} 相同的张量，实际是 {got}",
    "kit.kit.not_kept_or_inf": "output{at} 为 {value}：每个元素要么是输入的 logit（{logit}），要么是 -inf",
    "kit.kit.less_likely_kept": "第 {row} 行中，logit 为 {removed} 的 token 被去掉了，而 logit 为 {kept} 的却被保留："
                                "{advice}",
    "kit.kit.row_filter_changed": "改动第 0 行的 logits 后，其他行的输出变了：每一行应单独过滤",
    "kit.kit.qkv_changed": "改动 batch 0、头 0 的 q、k、v 后，其他 batch 元素或头的输出变了：每个切片只在自身内部做注意力",
    "kit.kit.last_key_seen": "改动最后一个键和值（位置 {position}）后，更早的查询的输出变了：右下对齐的因果注意力中，"
                             "只有最后一个查询（i = {query}，位于位置 {position}）能看到它",
    "kit.kit.bottom_right_changed": "causal=True（S_q={s_q}，S_k={s_k}）时，改动键和值 {later} 后，查询 {earlier} "
                                    "的输出变了：查询 i 只能看到 j <= i + (S_k - S_q) = i + {offset} 的键（右下对齐）",
    "kit.kit.first_batch": "第一个 batch 元素",
    "kit.kit.first_batch_head": "第一个 batch 元素的第一个头",
    "kit.kit.slice_changed": "改动切片 {slice}（{which}）的 q、k、v 后，其他切片的输出变了：每个切片只在自身内部做注意力",

    # grader/engine/sampling.py: random outputs judged statistically
    "kit.sampling.not_draws": "应返回采样结果的张量，实际是 {got}",
    "kit.sampling.outside": "采到了 {drew}，超出 [0, {width})",
    "kit.sampling.negative": "采到了 {drew}，是负的 id",
    "kit.sampling.ks_far": "第 {slot} 个位置：采样分布与期望分布相差 {distance}（累积分布之间的最大差距；"
                           "正确的采样器不超过 {bound}）",
    "kit.sampling.unreadable": "无法读取采样结果：{error}",
    "kit.sampling.over_draws": "在 {n} 次采样中，{problem}",
    "kit.sampling.passed": "共 {distributions} 个分布，{draws} 次采样",
    "kit.sampling.global_generator": "从 torch 的全局随机数生成器采样了：每个随机调用都要传入 `generator`"
                                     "（torch.multinomial(..., generator=generator)、torch.rand(..., "
                                     "generator=generator)）",
    "kit.sampling.not_reproducible": "两次调用用了种子相同的生成器，采样结果却不同：所有随机性都应来自 `generator`",
    "kit.sampling.seed_ignored_first": "采样结果不随生成器的种子变化：先修好频率",
    "kit.sampling.seed_ignored": "种子不同的生成器给出了相同的采样结果：随机性不是来自 `generator`",

    # grader/engine/devices.py: the output on the input's device, nothing made on a fixed one
    "kit.devices.advice": "用 device=x.device 创建它（或用 torch.*_like、x.new_*），或用 .to(x.device) 移过去",
    "kit.devices.cpu_only": "--device cpu（只在 CPU 上）",
    "kit.devices.ranks_on_cpu": "各 rank 的进程组运行在 CPU 上",
    "kit.devices.none_here": "本机没有 {device} 设备",
    "kit.devices.nothing_on_device": "没有输入在设备上",
    "kit.devices.passed": "在另一设备的张量上调用了 {calls} 次",
    "kit.devices.raises_fixed": "在非 CPU 设备上这会报错：{error} —— 有张量创建在固定的设备上；{advice}",
    "kit.devices.raises": "在非 CPU 设备上这会报错：{error} —— {advice}",
    "kit.devices.output_elsewhere": "输出在 {device} 上，而输入在另一个设备上；{advice}",
    "kit.devices.a_fixed_device": "固定设备",
    "kit.devices.the_inputs_device": "输入所在的设备",
    "kit.devices.in_place_changes": "原地操作 `{op}` 修改了一个张量",
    "kit.devices.takes": "`{op}` 的参数中有一个张量",
    "kit.devices.mixed": "所有张量应在同一设备上：{what}，形状 {shape}，位于{where}，而另一个形状 {other} "
                         "的张量在另一个设备上{line}",
    "kit.devices.setting": "设置 `.{attribute}`",
    "kit.devices.would_mix": "在非 CPU 设备上，{op}{line} 会把输入所在的设备与创建在固定设备上、形状为 {shapes} "
                             "的张量混用{made}；{advice}",
    "kit.devices.output_fixed": "输出（形状 {shape}）创建在固定设备上{made}，而不是输入所在的设备；{advice}",
    "kit.devices.an_output_fixed": "有一个输出（形状 {shape}）创建在固定设备上，而不是输入所在的设备；{advice}",
    "kit.devices.on_rank": "在 rank {rank} 上，{problem}",
}

# The kit's own fixed texts, keyed by their English: its mistakes' names and hints, the mistake names
# it holds for the declarations, its invariants' names, the check names and labels it makes.
TEXT: dict[str, str] = {
    # mistakes (kit.IN_PLACE, kit.FLOAT_HEAD_DIM, ...)
    "an input modified in place: work on new tensors":
        "原地修改了输入：请在新张量上计算",
    "head_dim computed with / (a float): use d_model // n_heads":
        "head_dim 用 / 计算（得到浮点数）：应使用 d_model // n_heads",
    "d_model / n_heads is a float in Python 3, and view() needs ints: write head_dim = d_model // n_heads.":
        "在 Python 3 中 d_model / n_heads 是浮点数，而 view() 需要整数：写成 head_dim = d_model // n_heads。",
    "padding mask applied to the queries instead of the keys":
        "padding 掩码作用在了查询上，而不是键上",
    "Padding hides KEYS: broadcast the (B, S) mask as mask[:, None, None, :] against the (B, H, S_q, S_k) scores, "
    "so the last axis (keys) is masked.":
        "padding 屏蔽的是键：把 (B, S) 的掩码写成 mask[:, None, None, :]，对 (B, H, S_q, S_k) 的分数广播，"
        "这样被屏蔽的是最后一维（键）。",
    "dropout applied after multiplying by V (it belongs on the attention weights)":
        "dropout 放在了乘 V 之后（它应作用在注意力权重上）",
    "weights = dropout(softmax(scores)); out = weights @ v — dropout acts on the attention weights, before they "
    "multiply V.":
        "weights = dropout(softmax(scores)); out = weights @ v —— dropout 作用在注意力权重上，在它们乘以 V 之前。",
    "no dropout in train() mode (nn.Dropout created but not applied, or applied before the softmax)":
        "train() 模式下没有 dropout（创建了 nn.Dropout 却没用上，或用在了 softmax 之前）",
    "dropout survivors not scaled by 1/(1-p) (inverted dropout)":
        "dropout 后保留的值没有乘以 1/(1-p)（inverted dropout）",
    # mistake names the kit holds for the declarations that name them
    "scores scaled by 1/sqrt(d_model) instead of 1/sqrt(head_dim)":
        "分数按 1/sqrt(d_model) 缩放，而不是 1/sqrt(head_dim)",
    "mask polarity inverted: True means a real token, hide the keys where the mask is False":
        "掩码的含义反了：True 表示真实 token，应屏蔽掩码为 False 的键",
    "query head h reads kv head h % n_kv_heads (repeat / tile) instead of h // (n_heads // n_kv_heads) "
    "(repeat_interleave)":
        "查询头 h 读取的是 kv 头 h % n_kv_heads（repeat / tile），而不是 h // (n_heads // n_kv_heads)"
        "（repeat_interleave）",
    "RoPE pairs interleaved dims (2i, 2i+1); rotate-half pairs dim i with i + D/2":
        "RoPE 把交错的维度 (2i, 2i+1) 配成一对；rotate-half 应把第 i 维与第 i + D/2 维配对",
    "SwiGLU's SiLU applied to the up branch instead of the gate: down(silu(gate(x)) * up(x))":
        "SwiGLU 的 SiLU 用在了 up 分支上，而不是 gate 上：down(silu(gate(x)) * up(x))",
    "heads merged without moving them back: (B, H, S, head_dim) must be transposed to (B, S, H, head_dim) before "
    "the reshape to (B, S, H * head_dim)":
        "合并多头前没有把维度换回来：reshape 成 (B, S, H * head_dim) 之前，(B, H, S, head_dim) 必须先转置成 "
        "(B, S, H, head_dim)",
    "padding added on one side only: F.pad's tuple is (left, right, top, bottom), so p on every side is "
    "(p, p, p, p)":
        "只在一侧做了填充：F.pad 的元组是 (left, right, top, bottom)，四边都填 p 应写 (p, p, p, p)",
    "padding applied to the width only: F.pad(x, (p, p)) pads the last dim; (p, p, p, p) pads H and W":
        "只在宽度上做了填充：F.pad(x, (p, p)) 只填充最后一维；(p, p, p, p) 才同时填充 H 和 W",
    "output size H_out / W_out computed wrongly: H_out = (H + 2·padding - kh) // stride + 1":
        "输出尺寸 H_out / W_out 算错了：H_out = (H + 2·padding - kh) // stride + 1",
    "sliding window off by one: query i sees exactly `window` keys, i - window + 1 .. i (itself included)":
        "滑动窗口差一：查询 i 恰好看到 `window` 个键，即 i - window + 1 .. i（包括它自己）",
    "window applied without causality: keys after the query are visible (the window ends at the query itself)":
        "窗口没有加因果约束：查询之后的键也能看到（窗口应止于查询自身）",
    "positions aligned top-left: with S_q != S_k query i sits at position i + (S_k - S_q), after the cached keys":
        "位置按左上对齐了：S_q != S_k 时，查询 i 位于位置 i + (S_k - S_q)，在缓存的键之后",
    "causal mask applied to cross-attention: every decoder query may attend every real encoder token; only the "
    "encoder padding hides keys":
        "在交叉注意力上用了因果掩码：每个解码器查询都可以关注编码器的所有真实 token；只有编码器的 padding 屏蔽键",
    "scores not scaled by 1/sqrt(D)":
        "分数没有按 1/sqrt(D) 缩放",
    "softmax over the queries (dim=-2) instead of over the keys (dim=-1)":
        "softmax 沿查询（dim=-2）计算，而不是沿键（dim=-1）",
    "softmax without subtracting the max (exp overflows)":
        "softmax 没有减去最大值（exp 溢出）",
    # the invariants the kit makes
    "rows sum to 1": "每行之和为 1",
    "shift invariance": "平移不变性",
    "batch independence": "batch 之间相互独立",
    "elementwise": "逐元素计算",
    "causality": "因果性",
    "padding ignored": "忽略 padding",
    "dropout in train()": "train() 下的 dropout",
    "vectors normalised independently": "各向量单独归一化",
    "tokens independent": "各 token 相互独立",
    "kept logits unchanged, the rest -inf": "保留的 logits 不变，其余为 -inf",
    "rows filtered independently": "各行单独过滤",
    "batch and heads independent": "各 batch 与各头相互独立",
    # check names, the loops' size word, the labels of the cases and steps the kit makes
    "frequencies": "频率",
    "generator": "生成器",
    "device": "设备",
    "device {0}": "设备 {0}",
    "device (emulated)": "设备（模拟）",
    "tensor created on a hard-coded device": "张量创建在写死的设备上",
    "the rows of a parameter": "参数的行数",
    "{0} draws of each row: {1}": "每行采样 {0} 次：{1}",
    "{0} call from an empty state": "从空状态开始调用 {0} 次",
    "{0} calls from an empty state": "从空状态开始调用 {0} 次",
    "{0}; {1} call from an empty state": "{0}；从空状态开始调用 {1} 次",
    "{0}; {1} calls from an empty state": "{0}；从空状态开始调用 {1} 次",
    "after call {0} of {1}": "第 {0} 次调用之后（共 {1} 次）",
    "step {0} of {1}: forward(inputs[0], state)": "第 {0} 步（共 {1} 步）：forward(inputs[0], state)",
    "step {0} of {1}: forward(inputs[0]) (state left out)": "第 {0} 步（共 {1} 步）：forward(inputs[0])（不传 state）",
    "step {0} of {1}: forward(inputs[{2}], the state step {3} returned)":
        "第 {0} 步（共 {1} 步）：forward(inputs[{2}], 第 {3} 步返回的 state)",
}
