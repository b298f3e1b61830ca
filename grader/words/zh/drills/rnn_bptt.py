"""中文 text of the rnn_bptt drill."""
TEXT = {
    '100 steps':
        '100 个时间步',
    'B = D = H = 1':
        'B = D = H = 1',
    "Backward over t = T-1 .. 0 with dh = zeros like h0 (what the later steps send back): dh = dh + dhs[t]; da = dh * (1 - h_t ** 2) — tanh' from the output h_t.":
        "从 t = T-1 到 0 反向遍历，dh 初始化为与 h0 同形的零（后面各步传回的梯度）：dh = dh + dhs[t]；da = dh * (1 - h_t ** 2)——tanh' 用输出 h_t 计算。",
    'D == H (a transposed weight has the right shape), h0 = 0':
        'D == H（权重转置了形状也对得上），h0 = 0',
    'Forward: h = h0; for x_t in x: h = torch.tanh(x_t @ W_xh.T + h @ W_hh.T + b); keep every h and torch.stack them. In backward, run it again to have every h_t, and h_{t-1} = h0 for the first step.':
        '前向：h = h0；for x_t in x: h = torch.tanh(x_t @ W_xh.T + h @ W_hh.T + b)；保存每个 h 并 torch.stack 起来。反向时再跑一遍前向拿到每个 h_t，第一步的 h_{t-1} = h0。',
    'Keep dh across the loop: dh = dh + dhs[t] at step t, and dh = da @ W_hh before moving to t - 1.':
        '在循环中保留 dh：第 t 步 dh = dh + dhs[t]，转到 t - 1 之前 dh = da @ W_hh。',
    "Keep the forward's outputs hs: da = dh * (1 - hs[t] ** 2).":
        '保留前向的输出 hs：da = dh * (1 - hs[t] ** 2)。',
    'T=4, B=3, D=2, H=5, a given h0':
        'T=4，B=3，D=2，H=5，给定 h0',
    'Then dx[t] = da @ W_xh; dW_xh += da.T @ x[t]; dW_hh += da.T @ h_prev (h_{t-1}, not h_t); db += da.sum(0); and dh = da @ W_hh carries the gradient to h_{t-1}. After the loop, dh is dh0.':
        '然后 dx[t] = da @ W_xh；dW_xh += da.T @ x[t]；dW_hh += da.T @ h_prev（是 h_{t-1}，不是 h_t）；db += da.sum(0)；dh = da @ W_hh 把梯度传给 h_{t-1}。循环结束后，dh 就是 dh0。',
    'W_hh not transposed: h_{t-1} @ W_hh.T (weights are (out, in))':
        'W_hh 没有转置：应是 h_{t-1} @ W_hh.T（权重是 (out, in)）',
    'W_hh transposed in the carry: a_t = h_{t-1} @ W_hh.T, so dh_{t-1} = da_t @ W_hh':
        '回传时把 W_hh 转置了：a_t = h_{t-1} @ W_hh.T，所以 dh_{t-1} = da_t @ W_hh',
    'a batch of 256':
        'batch 为 256',
    'a loss at the last step only (dhs zero before it)':
        '只有最后一步有损失（之前的 dhs 为零）',
    'along a random direction L = sum(hs * dhs) changes at rate {0} (central differences in float64), but your (dx, dh0, dW_xh, dW_hh, db) give {1}':
        '沿一个随机方向，L = sum(hs * dhs) 的变化率为 {0}（float64 中心差分），但你的 (dx, dh0, dW_xh, dW_hh, db) 给出 {1}',
    'dW_hh from h_t: step t multiplies h_{t-1} by W_hh, so dW_hh += da_tᵀ @ h_{t-1} (h0 for the first)':
        'dW_hh 用了 h_t：第 t 步是 h_{t-1} 乘 W_hh，所以 dW_hh += da_tᵀ @ h_{t-1}（第一步用 h0）',
    'dh0 left at zero: dh0 is the gradient carried past the first step, da_1 @ W_hh':
        'dh0 停留在零：dh0 是越过第一步后传回的梯度，即 da_1 @ W_hh',
    'gradients match finite differences of the loss':
        '梯度与损失的有限差分一致',
    'h0 ignored: the first step starts from the h0 given':
        '忽略了 h0：第一步应从给定的 h0 开始',
    'inputs near ±100: saturated steps':
        '接近 ±100 的输入：饱和的时间步',
    'one step':
        '一个时间步',
    "only the last state returned: hs holds every step's h_t, (T, B, H)":
        '只返回了最后一个状态：hs 应包含每一步的 h_t，形状 (T, B, H)',
    'rnn_backward should return a tuple of five tensors (dx, dh0, dW_xh, dW_hh, db)':
        'rnn_backward 应返回五个张量组成的元组 (dx, dh0, dW_xh, dW_hh, db)',
    "tanh' from the pre-activation: tanh'(a_t) = 1 - tanh(a_t)² = 1 - h_t², the OUTPUT squared, not 1 - a_t²":
        "用激活前的值算 tanh'：tanh'(a_t) = 1 - tanh(a_t)² = 1 - h_t²，是输出的平方，不是 1 - a_t²",
    'the batch':
        'batch 大小',
    "the carried gradient skips tanh': dh_{t-1} = da_t @ W_hh with da_t = dh_t * (1 - h_t²)":
        "回传的梯度跳过了 tanh'：dh_{t-1} = da_t @ W_hh，其中 da_t = dh_t * (1 - h_t²)",
    'the gradient through h is not accumulated over time: dL/dh_t is dhs[t] PLUS what step t + 1 sends back (da_{t+1} @ W_hh)':
        '经过 h 的梯度没有跨时间累加：dL/dh_t 是 dhs[t] 加上第 t + 1 步传回的梯度 (da_{t+1} @ W_hh)',
    'the loss at the last step only: dhs holds dL/dh_t for EVERY step, add dhs[t] at each t':
        '只算了最后一步的损失：dhs 包含每一步的 dL/dh_t，每个 t 都要加上 dhs[t]',
    "the prompt's example":
        '题目中的示例',
    'the state is not carried: every step reads h_{t-1}, the state the step before made, not h0':
        '状态没有向后传递：每一步读的是 h_{t-1}，即上一步产生的状态，而不是 h0',
    '{0} has shape {1}, but the input it is the gradient of has {2}':
        '{0} 的形状是 {1}，但它对应的输入形状是 {2}',
}
