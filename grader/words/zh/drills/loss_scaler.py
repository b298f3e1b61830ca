"""中文 text of the loss_scaler drill."""
TEXT = {
    '20 overflows in a row: the scale falls below 1; 24 steps, grads overflow at steps 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20':
        '连续 20 次溢出：缩放因子降到 1 以下；共 24 步，第 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 步梯度溢出',
    '3 steps, grads overflow at step 2':
        '共 3 步，第 2 步梯度溢出',
    '60 steps; 60 steps, grads overflow at steps 7, 14, 21, 28, 35, 42, 49, 56':
        '60 步；共 60 步，第 7, 14, 21, 28, 35, 42, 49, 56 步梯度溢出',
    'An overflowed step has garbage gradients: return False before calling optimizer_step().':
        '溢出那一步的梯度是无效的：在调用 optimizer_step() 之前就返回 False。',
    'Keep self.loss_scale, self.growth_tracker = init_scale, 0, and a flag self.found_inf that step() sets and update() reads.':
        '保存 self.loss_scale, self.growth_tracker = init_scale, 0，再加一个标志 self.found_inf，由 step() 设置、update() 读取。',
    'NaN not detected (torch.isinf misses NaN): skip the step when any grad is not finite (torch.isfinite)':
        '没有检测出 NaN（torch.isinf 查不到 NaN）：只要有 grad 不是有限值（torch.isfinite）就跳过这一步',
    'default settings; 8 steps, grads overflow at steps 2, 4, 6':
        '默认设置；共 8 步，第 2, 4, 6 步梯度溢出',
    'factors 3 and 0.25 from 1000, overflow right before a growth; 9 steps, grads overflow at step 4':
        '系数为 3 和 0.25、从 1000 开始，恰好在增大前溢出；共 9 步，第 4 步梯度溢出',
    'grads multiplied by the scale when unscaling: divide them':
        '反缩放时把梯度乘以了缩放因子：应该除',
    'grads not unscaled in place: divide each grad by loss_scale in place (g.div_), the optimizer step reads those tensors':
        '梯度没有原地反缩放：要把每个 grad 原地除以 loss_scale（g.div_），优化器 step 读的就是这些张量',
    'grows one step late: grow when growth_tracker reaches growth_interval (==), then reset it':
        '晚了一步才增大：growth_tracker 达到 growth_interval（==）时就增大，然后清零',
    'growth counter not reset: after a growth AND after an overflow, growth_tracker goes back to 0, so the scale grows only after growth_interval good steps in a row':
        '增长计数没有清零：增大之后以及溢出之后，growth_tracker 都要归 0，这样只有连续 growth_interval 个正常步之后缩放因子才会增大',
    'growth_interval 1: every good step grows; 9 steps, grads overflow at step 5':
        'growth_interval 为 1：每个正常步都增大；共 9 步，第 5 步梯度溢出',
    'growth_tracker counts good steps since the scale last changed: set it to 0 when the scale grows and when it backs off.':
        'growth_tracker 统计的是缩放因子上次改变以来的正常步数：缩放因子增大和减小时都要把它设为 0。',
    'no backoff on overflow: loss_scale *= backoff_factor':
        '溢出时没有减小缩放因子：loss_scale *= backoff_factor',
    'no step on overflow':
        '溢出时不执行 step',
    'overflow at the first step, and twice in a row; 6 steps, grads overflow at steps 1, 2, 5':
        '第一步就溢出，且连续溢出两次；共 6 步，第 1, 2, 5 步梯度溢出',
    'step(): found_inf = any(not torch.isfinite(g).all() for g in grads); divide each grad in place (g.div_(self.loss_scale)); call optimizer_step() only when nothing overflowed, and return whether you did.':
        'step()：found_inf = any(not torch.isfinite(g).all() for g in grads)；把每个 grad 原地相除（g.div_(self.loss_scale)）；只有没有溢出时才调用 optimizer_step()，并返回是否调用了。',
    'stepping on overflow: when any grad holds an inf or a NaN, skip optimizer_step() (and return False)':
        '溢出时仍执行了 step：只要有 grad 含有 inf 或 NaN，就跳过 optimizer_step()（并返回 False）',
    "the prompt's example; 3 steps, grads overflow at step 3":
        '题目中的示例；共 3 步，第 3 步梯度溢出',
    'the rows of a grad':
        '梯度的行数',
    'three growths in a row; 6 steps, no overflow':
        '连续增大三次；共 6 步，没有溢出',
    'two growths, overflows in between; 11 steps, grads overflow at steps 4, 9':
        '增大两次，中间有溢出；共 11 步，第 4, 9 步梯度溢出',
    'update(): on overflow, loss_scale *= backoff_factor and growth_tracker = 0. Otherwise growth_tracker += 1, and when it equals growth_interval, loss_scale *= growth_factor and growth_tracker = 0 — both resets matter.':
        'update()：溢出时 loss_scale *= backoff_factor 且 growth_tracker = 0。否则 growth_tracker += 1，当它等于 growth_interval 时 loss_scale *= growth_factor 且 growth_tracker = 0。两处清零都很重要。',
    '{0}: the grads hold an inf or a NaN, yet param {1} changed (it is now {2}): skip the optimizer step on overflow':
        '{0}：梯度含有 inf 或 NaN，但参数 {1} 却变了（现在是 {2}）：溢出时要跳过优化器 step',
    'step {0} of {1}':
        '第 {0} 步（共 {1} 步）',
    'step {0} of {1} (grads overflow)':
        '第 {0} 步（共 {1} 步，梯度溢出）',
    '{0}, after update()':
        '{0}，update() 之后',
    '{0}: scale(loss)':
        '{0}：scale(loss)',
    '{0}: step(optimizer_step, grads)':
        '{0}：step(optimizer_step, grads)',
}
