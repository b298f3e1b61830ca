"""中文 text of the amp_step drill."""
TEXT = {
    '(loss * scale).backward() outside autocast; then, under torch.no_grad(), p.grad.div_(scale) for every param, once. Only then look at the grads: found_inf = any(not torch.isfinite(g).all() ...).':
        '在 autocast 之外做 (loss * scale).backward()；然后在 torch.no_grad() 下对每个参数做一次 p.grad.div_(scale)。之后才检查梯度：found_inf = any(not torch.isfinite(g).all() ...)。',
    '30 bad batches in a row: the scale falls below 1; 32 steps, batches 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30 with inf or NaN':
        '连续 30 个坏 batch：缩放因子降到 1 以下；共 32 步，第 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30 个 batch 含 inf 或 NaN',
    '40 steps; 40 steps, batches 9, 18, 27, 36 with inf or NaN':
        '40 步；共 40 步，第 9, 18, 27, 36 个 batch 含 inf 或 NaN',
    "First call: state['scale'] = init_scale and state['growth_tracker'] = 0. Then optimizer.zero_grad() and `with torch.autocast(device_type=x.device.type, dtype=dtype): loss = loss_fn(model(x), y)`.":
        "第一次调用时：state['scale'] = init_scale，state['growth_tracker'] = 0。然后 optimizer.zero_grad()，再 `with torch.autocast(device_type=x.device.type, dtype=dtype): loss = loss_fn(model(x), y)`。",
    'Unless found_inf: total = the norm of all grads together, factor = min(1, max_norm / (total + 1e-6)), g.mul_(factor) for each, optimizer.step(). Clipping comes AFTER unscaling: max_norm is about the true gradients.':
        '只要 found_inf 不成立：total = 所有梯度合在一起的范数，factor = min(1, max_norm / (total + 1e-6))，对每个梯度 g.mul_(factor)，然后 optimizer.step()。裁剪要在反缩放之后：max_norm 针对的是真实梯度。',
    'Update: on overflow scale *= 0.5 and the tracker goes to 0; else tracker += 1 and at growth_interval scale *= 2.0 and tracker = 0. Return (loss.item(), not found_inf) — the loss before scaling.':
        '更新：溢出时 scale *= 0.5，计数器归 0；否则 tracker += 1，达到 growth_interval 时 scale *= 2.0 且 tracker = 0。返回 (loss.item(), not found_inf)，即缩放之前的损失。',
    'bfloat16, growth every 2 good steps; 8 steps, batches 3, 6 with inf or NaN':
        'bfloat16，每 2 个正常步增大一次；共 8 步，第 3, 6 个 batch 含 inf 或 NaN',
    'clipping scaled gradients: unscale first, then clip (max_norm is about the true gradients)':
        '裁剪的是缩放后的梯度：应先反缩放再裁剪（max_norm 针对的是真实梯度）',
    'default settings; 3 steps':
        '默认设置；共 3 步',
    'float16 from 2^24: overflows until the scale backs off, then grows; 12 steps':
        'float16，从 2^24 开始：一直溢出直到缩放因子减小，然后再增大；共 12 步',
    'gradients never unscaled: divide every .grad by the scale before clipping and stepping':
        '梯度一直没有反缩放：裁剪和 step 之前要把每个 .grad 除以缩放因子',
    'growth_interval 1, a bad first batch; 5 steps, batch 1 with inf or NaN':
        'growth_interval 为 1，第一个 batch 是坏的；共 5 步，第 1 个 batch 含 inf 或 NaN',
    'inputs near 30, float16; 4 steps':
        '输入接近 30，float16；共 4 步',
    'max_norm 0.1: every step clipped; 4 steps':
        'max_norm 为 0.1：每一步都被裁剪；共 4 步',
    'max_norm 100: nothing clipped; 3 steps':
        'max_norm 为 100：都不会被裁剪；共 3 步',
    'no backoff after an overflow: the scale halves, or half precision keeps overflowing':
        '溢出后没有减小缩放因子：缩放因子应减半，否则半精度会一直溢出',
    'no step on overflow':
        '溢出时不执行 step',
    'stepping on overflow: when any unscaled grad holds an inf or a NaN, skip optimizer.step() (and return False)':
        '溢出时仍执行了 step：只要有反缩放后的 grad 含有 inf 或 NaN，就跳过 optimizer.step()（并返回 False）',
    'the batch modified in place: leave x and y as they are':
        '原地修改了 batch：不要改动 x 和 y',
    "the forward pass not under autocast on the input's device: torch.autocast(device_type=x.device.type, dtype=dtype) around the model and the loss":
        '前向传播没有在输入所在设备的 autocast 下进行：要用 torch.autocast(device_type=x.device.type, dtype=dtype) 包住模型和损失',
    'the scaled loss returned: return loss.item() from before the multiplication by the scale':
        '返回了缩放后的损失：应返回乘以缩放因子之前的 loss.item()',
    'unscaling twice: the grads are divided by the scale exactly once, before clipping':
        '反缩放了两次：梯度只除以缩放因子一次，在裁剪之前',
    '{0}: amp_step returned stepped=False, yet the weights changed':
        '{0}：amp_step 返回了 stepped=False，但权重却变了',
    '{0}: the weights changed to values that are not all finite: a step ran on gradients holding inf or NaN':
        '{0}：权重变成了含有非有限值的结果：在含 inf 或 NaN 的梯度上执行了 step',
    'call {0} of {1}':
        '第 {0} 次调用（共 {1} 次）',
    'call {0} of {1} (a batch with inf or NaN)':
        '第 {0} 次调用（共 {1} 次，该 batch 含 inf 或 NaN）',
}
