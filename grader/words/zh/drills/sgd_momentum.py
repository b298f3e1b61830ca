"""中文 text of the sgd_momentum drill."""
TEXT = {
    '2 calls from an empty state':
        '从空 state 开始调用 2 次',
    '60 steps, momentum 0.99; 60 calls from an empty state':
        '60 步，momentum 0.99；从空 state 开始调用 60 次',
    "First call: state['momentum_buffer'] = [d.clone() for each decayed gradient d] — a copy, so a later buf.mul_() cannot change the caller's gradient. Later calls: buf.mul_(momentum).add_(d).":
        "第一次调用：state['momentum_buffer'] = [d.clone() for each decayed gradient d]——要复制一份，这样之后的 buf.mul_() 才不会改掉调用者的梯度。之后的调用：buf.mul_(momentum).add_(d)。",
    'Nesterov ignored: with nesterov=True the step is d + momentum * buf with the UPDATED buffer (d + momentum * the old buffer is just plain momentum again)':
        '忽略了 Nesterov：nesterov=True 时，更新量是 d + momentum * buf，其中 buf 是更新后的缓冲区（用旧缓冲区算 d + momentum * buf 又变回了普通动量）',
    'Nesterov with weight decay, lr 0.01; 4 calls from an empty state':
        'Nesterov 加权重衰减，lr 0.01；从空 state 开始调用 4 次',
    'Nesterov; 3 calls from an empty state':
        'Nesterov；从空 state 开始调用 3 次',
    'PyTorch starts the momentum buffer AT the first gradient, so the first step is plain SGD (p -= lr * (g + weight_decay * p){0}); param {1} became {2}, expected {3}':
        'PyTorch 把动量缓冲区初始化为第一个梯度本身，所以第一步就是普通 SGD (p -= lr * (g + weight_decay * p){0})；参数 {1} 变成了 {2}，期望 {3}',
    'Under torch.no_grad(): p.add_(buf, alpha=-lr), or for Nesterov p.add_(d + momentum * buf, alpha=-lr) with buf already updated.':
        '在 torch.no_grad() 下：p.add_(buf, alpha=-lr)；Nesterov 则是 p.add_(d + momentum * buf, alpha=-lr)，其中 buf 已经更新过。',
    'Weight decay goes into d = g + weight_decay * p before the buffer, so the buffer accumulates it too.':
        '权重衰减在进入缓冲区之前加进 d = g + weight_decay * p，所以缓冲区也会累积它。',
    'a gradient modified in place — e.g. the first buffer IS the gradient tensor (no .clone()), so buf.mul_() later changes it':
        '原地修改了梯度——例如第一个缓冲区就是梯度张量本身（没有 .clone()），之后 buf.mul_() 就会改掉它',
    'gradients near 1e4; 3 calls from an empty state':
        '梯度接近 1e4；从空 state 开始调用 3 次',
    'in-place update of a leaf that requires grad outside torch.no_grad()':
        '在 torch.no_grad() 之外原地更新需要梯度的叶子张量',
    "lr folded into the buffer (buf = momentum * buf + lr * g): PyTorch's buffer holds no lr":
        '把 lr 乘进了缓冲区 (buf = momentum * buf + lr * g)：PyTorch 的缓冲区不含 lr',
    'momentum 0: plain SGD, a 0-dim param; 3 calls from an empty state':
        'momentum 0：普通 SGD，0 维参数；从空 state 开始调用 3 次',
    'momentum as an average, buf = momentum * buf + (1 - momentum) * g, from a zero buffer: PyTorch adds the whole gradient (dampening 0) and starts the buffer at the first gradient':
        '把动量当成了滑动平均 buf = momentum * buf + (1 - momentum) * g，且缓冲区从零开始：PyTorch 加的是完整的梯度 (dampening 0)，并把缓冲区初始化为第一个梯度',
    'the first step is plain SGD':
        '第一步是普通 SGD',
    "the prompt's example; 2 calls from an empty state":
        '题目中的示例；从空 state 开始调用 2 次',
    'the rows of a parameter':
        '参数的行数',
    'weight decay 0.5: before the momentum; 3 calls from an empty state':
        '权重衰减 0.5：在动量之前；从空 state 开始调用 3 次',
    'weight decay added after the momentum (or decoupled): PyTorch adds weight_decay * p to the gradient before it enters the buffer':
        '权重衰减加在了动量之后（或做成了解耦的）：PyTorch 在梯度进入缓冲区之前就把 weight_decay * p 加到梯度上',
    'weight decay left out':
        '漏掉了权重衰减',
    ', times 1 + momentum with Nesterov':
        '，Nesterov 时再乘以 1 + momentum',
}
