"""中文 text of the adamw drill."""
TEXT = {
    '2 calls from an empty state':
        '从空 state 开始调用 2 次',
    '60 steps: the bias corrections fade out; 60 calls from an empty state':
        '60 步：偏差修正逐渐消失；从空 state 开始调用 60 次',
    "L2 regularisation (weight_decay * p added to the gradient, as Adam does) instead of AdamW's decoupled decay p *= 1 - lr * weight_decay":
        '用了 L2 正则（像 Adam 那样把 weight_decay * p 加到梯度上），而不是 AdamW 的解耦衰减 p *= 1 - lr * weight_decay',
    'On the first call fill the state: step = 0 and zeros_like for every param in exp_avg and exp_avg_sq. Then step += 1 before using it: the bias corrections 1 - beta ** step must never be 0.':
        '第一次调用时填好 state：step = 0，exp_avg 和 exp_avg_sq 中每个参数一个 zeros_like。然后在使用前先 step += 1：偏差修正 1 - beta ** step 绝不能为 0。',
    'Per param, under torch.no_grad(): p.mul_(1 - lr * weight_decay) first; m.mul_(beta1).add_(g, alpha=1 - beta1); v.mul_(beta2).addcmul_(g, g, value=1 - beta2).':
        '对每个参数，在 torch.no_grad() 下：先 p.mul_(1 - lr * weight_decay)；m.mul_(beta1).add_(g, alpha=1 - beta1)；v.mul_(beta2).addcmul_(g, g, value=1 - beta2)。',
    'a gradient modified in place: work on new tensors (g = g + ..., not g.add_)':
        '原地修改了梯度：要在新张量上计算（g = g + ...，而不是 g.add_）',
    'betas (0.5, 0.9), eps 1e-3; 3 calls from an empty state':
        'betas (0.5, 0.9)，eps 1e-3；从空 state 开始调用 3 次',
    'denom = (v / (1 - beta2 ** step)).sqrt() + eps — eps outside the root — then p.addcdiv_(m, denom, value=-lr / (1 - beta1 ** step)).':
        'denom = (v / (1 - beta2 ** step)).sqrt() + eps——eps 在根号外——然后 p.addcdiv_(m, denom, value=-lr / (1 - beta1 ** step))。',
    'eps inside the square root: the denominator is sqrt(v_hat) + eps':
        'eps 放在了根号里：分母应是 sqrt(v_hat) + eps',
    'gradients near 1e-4 with eps = 1e-8: eps outside the root; 2 calls from an empty state':
        '梯度接近 1e-4，eps = 1e-8：eps 在根号外；从空 state 开始调用 2 次',
    'gradients near 1e-7: eps matters; 3 calls from an empty state':
        '梯度接近 1e-7：eps 起作用；从空 state 开始调用 3 次',
    'gradients near 1e4; 3 calls from an empty state':
        '梯度接近 1e4；从空 state 开始调用 3 次',
    'in-place update of a leaf that requires grad outside torch.no_grad()':
        '在 torch.no_grad() 之外原地更新需要梯度的叶子张量',
    'lr 0.1, weight_decay 0.5: the decay is as large as the update; 3 calls from an empty state':
        'lr 0.1，weight_decay 0.5：衰减和更新量一样大；从空 state 开始调用 3 次',
    'no bias correction: divide m by 1 - beta1 ** step and v by 1 - beta2 ** step':
        '没有偏差修正：m 要除以 1 - beta1 ** step，v 要除以 1 - beta2 ** step',
    "params not updated in place: the caller's tensors must change (p.mul_, p.addcdiv_, ...)":
        '没有原地更新参数：调用者的张量必须改变（p.mul_、p.addcdiv_ 等）',
    'the first step is lr * sign(grad)':
        '第一步是 lr * sign(grad)',
    "the prompt's example; 1 call from an empty state":
        '题目中的示例；从空 state 开始调用 1 次',
    'the rows of a parameter':
        '参数的行数',
    'two params, default betas, eps and weight_decay; 3 calls from an empty state':
        '两个参数，默认的 betas、eps 和 weight_decay；从空 state 开始调用 3 次',
    'weight decay applied after the update, to the updated weights; PyTorch decays first':
        '权重衰减在更新之后才作用于更新后的权重；PyTorch 是先衰减',
    'weight decay left out':
        '漏掉了权重衰减',
    'weight decay without the lr factor: p *= 1 - lr * weight_decay':
        '权重衰减没乘 lr：应为 p *= 1 - lr * weight_decay',
    "with weight_decay=0 Adam's first step moves every weight by lr = {0} against its gradient's sign (m_hat = g, v_hat = g², so m_hat / sqrt(v_hat) = ±1); param {1} moved by {2} — check the bias corrections":
        'weight_decay=0 时，Adam 的第一步让每个权重沿梯度符号的反方向移动 lr = {0}（m_hat = g，v_hat = g²，所以 m_hat / sqrt(v_hat) = ±1）；参数 {1} 移动了 {2}——检查一下偏差修正',
    'zero gradients: m = v = 0, only the decay moves the weights (no 0/0); 2 calls from an empty state':
        '零梯度：m = v = 0，只有衰减在移动权重（不能出现 0/0）；从空 state 开始调用 2 次',
}
