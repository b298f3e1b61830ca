"""中文 text of the optimizers drill."""
TEXT = {
    '2 calls from an empty state':
        '从空 state 开始调用 2 次',
    '60 steps, centered, momentum 0.9; 60 calls from an empty state':
        '60 步，centered，momentum 0.9；从空 state 开始调用 60 次',
    '60 steps: the bias corrections fade out; 60 calls from an empty state':
        '60 步：偏差修正逐渐消失；从空 state 开始调用 60 次',
    '60 steps: the steps shrink; 60 calls from an empty state':
        '60 步：步长逐渐变小；从空 state 开始调用 60 次',
    '60 steps; 60 calls from an empty state':
        '60 步；从空 state 开始调用 60 次',
    'Adam, Adagrad and RMSprop take L2 decay: g = g + weight_decay * p (a new tensor, not g.add_) before anything else. Only Lion decays the weight itself: p.mul_(1 - lr * weight_decay).':
        'Adam、Adagrad 和 RMSprop 用的是 L2 衰减：最先做 g = g + weight_decay * p（生成新张量，不是 g.add_）。只有 Lion 直接衰减权重本身：p.mul_(1 - lr * weight_decay)。',
    'Adam: step += 1 first, then p.addcdiv_(m, (v / (1 - beta2 ** step)).sqrt() + eps, value=-lr / (1 - beta1 ** step)). RMSprop has no bias correction; its momentum buffer accumulates g / avg, the already normalised step.':
        'Adam：先 step += 1，再 p.addcdiv_(m, (v / (1 - beta2 ** step)).sqrt() + eps, value=-lr / (1 - beta1 ** step))。RMSprop 没有偏差修正；它的动量缓冲区累积的是 g / avg，即已经归一化的更新量。',
    'Create the state on the first call (`if not state:`) with zeros_like for each param (Adagrad: full_like(p, initial_accumulator_value)); then loop over zip(params, grads, state lists) under torch.no_grad().':
        '第一次调用时 (`if not state:`) 创建 state，每个参数一个 zeros_like（Adagrad：full_like(p, initial_accumulator_value)）；然后在 torch.no_grad() 下遍历 zip(params, grads, state 中的各列表)。',
    "L2 applied as decoupled decay (AdamW's p *= 1 - lr * weight_decay): Adam adds weight_decay * p to the gradient, before the moments":
        'L2 做成了解耦衰减（AdamW 的 p *= 1 - lr * weight_decay）：Adam 是在计算动量之前把 weight_decay * p 加到梯度上',
    'L2 applied as decoupled decay (p *= 1 - lr * weight_decay): Adagrad adds weight_decay * p to the gradient, which then enters the sum':
        'L2 做成了解耦衰减 (p *= 1 - lr * weight_decay)：Adagrad 是把 weight_decay * p 加到梯度上，再累加进 sum',
    "Lion's interpolation swapped: c = beta1 * m + (1 - beta1) * g (the old momentum weighs beta1)":
        'Lion 的插值权重弄反了：c = beta1 * m + (1 - beta1) * g（旧动量的权重是 beta1）',
    'Lion: update = (beta1 * m + (1 - beta1) * g).sign() with the OLD m; p.mul_(1 - lr * weight_decay); p.add_(update, alpha=-lr); only then m.mul_(beta2).add_(g, alpha=1 - beta2).':
        'Lion：update = (beta1 * m + (1 - beta1) * g).sign()，用的是旧的 m；p.mul_(1 - lr * weight_decay)；p.add_(update, alpha=-lr)；最后才 m.mul_(beta2).add_(g, alpha=1 - beta2)。',
    'a gradient modified in place (g.add_(p, alpha=weight_decay)): the L2 term makes a new tensor, g = g + weight_decay * p':
        '原地修改了梯度 (g.add_(p, alpha=weight_decay))：L2 项要生成新张量，g = g + weight_decay * p',
    'alpha and 1 - alpha swapped: square_avg = alpha * square_avg + (1 - alpha) * g²':
        'alpha 和 1 - alpha 弄反了：square_avg = alpha * square_avg + (1 - alpha) * g²',
    'betas (0.5, 0.9), weight decay 1.0; 4 calls from an empty state':
        'betas (0.5, 0.9)，权重衰减 1.0；从空 state 开始调用 4 次',
    'betas (0.5, 0.9); 4 calls from an empty state':
        'betas (0.5, 0.9)；从空 state 开始调用 4 次',
    'bias correction added: RMSprop divides by sqrt(square_avg) + eps as it is (Adam corrects its averages, RMSprop does not)':
        '多加了偏差修正：RMSprop 直接除以 sqrt(square_avg) + eps（Adam 会修正它的滑动平均，RMSprop 不会）',
    'bias corrections on the wrong moments: m takes 1 - beta1 ** step, v takes 1 - beta2 ** step':
        '偏差修正用错了动量：m 用 1 - beta1 ** step，v 用 1 - beta2 ** step',
    'centered ignored: with centered=True the denominator is sqrt(square_avg - grad_avg²) + eps':
        '忽略了 centered：centered=True 时分母是 sqrt(square_avg - grad_avg²) + eps',
    'centered with momentum 0.5 and weight decay 0.1; 4 calls from an empty state':
        'centered，momentum 0.5，权重衰减 0.1；从空 state 开始调用 4 次',
    'centered, alpha 0.9; 4 calls from an empty state':
        'centered，alpha 0.9；从空 state 开始调用 4 次',
    'eps inside the square root: avg = sqrt(square_avg) + eps':
        'eps 放在了根号里：应为 avg = sqrt(square_avg) + eps',
    'eps inside the square root: the denominator is sqrt(sum) + eps':
        'eps 放在了根号里：分母应是 sqrt(sum) + eps',
    'eps inside the square root: the denominator is sqrt(v_hat) + eps':
        'eps 放在了根号里：分母应是 sqrt(v_hat) + eps',
    'every step moves a weight by lr':
        '每一步都让权重移动 lr',
    'gradients near 1e-4, eps 1e-3: eps outside the root; 2 calls from an empty state':
        '梯度接近 1e-4，eps 1e-3：eps 在根号外；从空 state 开始调用 2 次',
    'gradients near 1e-7, eps 1e-6; 3 calls from an empty state':
        '梯度接近 1e-7，eps 1e-6；从空 state 开始调用 3 次',
    'gradients near 1e-7: eps matters; 3 calls from an empty state':
        '梯度接近 1e-7：eps 起作用；从空 state 开始调用 3 次',
    'gradients near 1e-7: still steps of lr; 3 calls from an empty state':
        '梯度接近 1e-7：步长仍是 lr；从空 state 开始调用 3 次',
    'gradients near 1e4; 3 calls from an empty state':
        '梯度接近 1e4；从空 state 开始调用 3 次',
    'gradients that turn against the momentum: which beta interpolates shows; 3 calls from an empty state':
        '梯度方向与动量相反：能看出是哪个 beta 在做插值；从空 state 开始调用 3 次',
    'in-place update of a leaf that requires grad outside torch.no_grad()':
        '在 torch.no_grad() 之外原地更新需要梯度的叶子张量',
    'initial_accumulator_value 0.5; 3 calls from an empty state':
        'initial_accumulator_value 0.5；从空 state 开始调用 3 次',
    'initial_accumulator_value ignored: the sum starts at it, not at 0':
        '忽略了 initial_accumulator_value：sum 从它开始，而不是从 0 开始',
    'lr 0.1, weight_decay 0.5: L2 as large as the gradient; 3 calls from an empty state':
        'lr 0.1，weight_decay 0.5：L2 项和梯度一样大；从空 state 开始调用 3 次',
    'momentum 0.9; 4 calls from an empty state':
        'momentum 0.9；从空 state 开始调用 4 次',
    "momentum on the raw gradient (buf = momentum * buf + g, then lr * buf / avg): PyTorch's buffer accumulates the normalised step g / avg":
        '动量用的是原始梯度（buf = momentum * buf + g，再 lr * buf / avg）：PyTorch 的缓冲区累积的是归一化后的更新量 g / avg',
    'momentum updated before the step: c = beta1 * m + (1 - beta1) * g with the OLD m, then m is updated with beta2':
        '在更新参数之前就更新了动量：c = beta1 * m + (1 - beta1) * g 要用旧的 m，之后才用 beta2 更新 m',
    'no bias correction: divide m by 1 - beta1 ** step and v by 1 - beta2 ** step':
        '没有偏差修正：m 要除以 1 - beta1 ** step，v 要除以 1 - beta2 ** step',
    'no sign: Lion steps by lr * sign(c), the same size for every weight':
        '没有取符号：Lion 的更新量是 lr * sign(c)，每个权重移动的幅度都一样',
    "params not updated in place: the caller's tensors must change (p.mul_, p.add_, ...)":
        '没有原地更新参数：调用者的张量必须改变（p.mul_、p.add_ 等）',
    'the first step is lr * sign(g + weight_decay * p)':
        '第一步是 lr * sign(g + weight_decay * p)',
    'the first step is lr / sqrt(1 - alpha) against the gradient':
        '第一步沿梯度反方向移动 lr / sqrt(1 - alpha)',
    "the prompt's example; 1 call from an empty state":
        '题目中的示例；从空 state 开始调用 1 次',
    "the prompt's example; 2 calls from an empty state":
        '题目中的示例；从空 state 开始调用 2 次',
    'the rows of a parameter':
        '参数的行数',
    'the step interpolated with beta2: c uses beta1, only the momentum update uses beta2':
        '更新量用 beta2 做了插值：c 用 beta1，只有动量的更新才用 beta2',
    'two params, defaults; 3 calls from an empty state':
        '两个参数，默认超参数；从空 state 开始调用 3 次',
    'two params, defaults; 4 calls from an empty state':
        '两个参数，默认超参数；从空 state 开始调用 4 次',
    "v's bias correction applied outside the square root: sqrt(v / (1 - beta2 ** step)), not sqrt(v) / (1 - beta2 ** step)":
        'v 的偏差修正放在了根号外：应为 sqrt(v / (1 - beta2 ** step))，而不是 sqrt(v) / (1 - beta2 ** step)',
    'weight decay 0.5; 3 calls from an empty state':
        '权重衰减 0.5；从空 state 开始调用 3 次',
    'weight decay left out: g = g + weight_decay * p':
        '漏掉了权重衰减：g = g + weight_decay * p',
    'zero gradients from a zero sum: no 0 / 0; 2 calls from an empty state':
        '零梯度、sum 为零：不能出现 0 / 0；从空 state 开始调用 2 次',
    'zero gradients with weight decay: only the L2 term moves the weights; 2 calls from an empty state':
        '零梯度加权重衰减：只有 L2 项在移动权重；从空 state 开始调用 2 次',
    'zero gradients, centered with momentum: no 0 / 0; 2 calls from an empty state':
        '零梯度，centered 加动量：不能出现 0 / 0；从空 state 开始调用 2 次',
    'zero gradients: sign(0) = 0, only the decay moves the weights; 2 calls from an empty state':
        '零梯度：sign(0) = 0，只有衰减在移动权重；从空 state 开始调用 2 次',
    "{0}: param {1} moved by {2} after the decay: a Lion step moves each weight by exactly lr = {3} (lr * sign(c)), whatever the gradient's size":
        '{0}：参数 {1} 在衰减之后移动了 {2}：Lion 的一步让每个权重恰好移动 lr = {3} (lr * sign(c))，与梯度大小无关',
    '{0}; param {1} moved by {2}, expected {3}':
        '{0}；参数 {1} 移动了 {2}，期望 {3}',
    "with zero moments and both bias corrections, Adam's first step moves each weight by lr against the sign of d = g + weight_decay * p (m_hat = d, v_hat = d², so m_hat / sqrt(v_hat) = ±1)":
        '一阶、二阶矩从零开始并做两个偏差校正时，Adam 的第一步让每个权重沿 d = g + weight_decay * p 的符号反方向移动 lr（m_hat = d，v_hat = d²，所以 m_hat / sqrt(v_hat) = ±1）',
    "from a zero accumulator Adagrad's first step is lr * d / sqrt(d²): each weight moves by lr against the sign of d = g + weight_decay * p":
        '累加器从零开始时，Adagrad 的第一步是 lr * d / sqrt(d²)：每个权重沿 d = g + weight_decay * p 的符号反方向移动 lr',
    "from zero averages RMSprop's first step moves each weight by lr / sqrt(alpha * (1 - alpha)) against the sign of d = g + weight_decay * p: there is no bias correction":
        '滑动平均从零开始时，RMSprop 的第一步让每个权重沿 d = g + weight_decay * p 的符号反方向移动 lr / sqrt(alpha * (1 - alpha))：它没有偏差校正',
    "from zero averages RMSprop's first step moves each weight by lr / sqrt(1 - alpha) against the sign of d = g + weight_decay * p: there is no bias correction":
        '滑动平均从零开始时，RMSprop 的第一步让每个权重沿 d = g + weight_decay * p 的符号反方向移动 lr / sqrt(1 - alpha)：它没有偏差校正',
}
