"""中文 text of the lr_schedule drill."""
TEXT = {
    'The cosine runs over the steps left after warmup: progress = (step - warmup_steps) / (total_steps - warmup_steps), then min_lr + 0.5 * (max_lr - min_lr) * (1 + math.cos(math.pi * progress)).':
        '余弦覆盖的是 warmup 之后剩下的步数：progress = (step - warmup_steps) / (total_steps - warmup_steps)，然后 min_lr + 0.5 * (max_lr - min_lr) * (1 + math.cos(math.pi * progress))。',
    'Three pieces, tested in order: step < warmup_steps (warmup), step > total_steps (hold min_lr), and the cosine decay in between.':
        '分三段，按顺序判断：step < warmup_steps（warmup），step > total_steps（保持 min_lr），两者之间是余弦衰减。',
    'Warmup is max_lr * step / warmup_steps: 0 at step 0, max_lr exactly at step == warmup_steps, where the cosine takes over.':
        'warmup 是 max_lr * step / warmup_steps：第 0 步为 0，恰好在 step == warmup_steps 时达到 max_lr，从这里开始由余弦接管。',
    'after total_steps':
        'total_steps 之后',
    'after warmup the rate must never rise, but it goes up at step {0} ({1} -> {2}); total_steps={3}':
        'warmup 之后学习率绝不能上升，但它在第 {0} 步升高了（{1} -> {2}）；total_steps={3}',
    'at step total_steps={0} and after, the rate should be min_lr={1}; got {2}':
        '在第 total_steps={0} 步及之后，学习率应为 min_lr={1}；得到的是 {2}',
    'cosine decays to 0 instead of min_lr':
        '余弦衰减到 0 而不是 min_lr',
    'cosine falls to min_lr and stays there':
        '余弦降到 min_lr 后保持不变',
    'cosine over total_steps instead of total_steps - warmup_steps (progress = (step - warmup_steps) / total_steps)':
        '余弦覆盖的是 total_steps 而不是 total_steps - warmup_steps（progress = (step - warmup_steps) / total_steps）',
    'cosine over total_steps instead of total_steps - warmup_steps (progress = step / total_steps)':
        '余弦覆盖的是 total_steps 而不是 total_steps - warmup_steps（progress = step / total_steps）',
    'divides by warmup_steps when it is 0 (no warmup): compute the warmup rate only when step < warmup_steps':
        'warmup_steps 为 0（没有 warmup）时还在除以它：只在 step < warmup_steps 时才计算 warmup 的学习率',
    'inside the warmup':
        'warmup 期间',
    'long after the end':
        '结束之后很久',
    'long schedule':
        '很长的调度',
    'long warmup':
        '很长的 warmup',
    'mid-decay':
        '衰减中途',
    'min_lr == max_lr: flat after warmup':
        'min_lr == max_lr：warmup 之后保持平坦',
    'no warmup':
        '没有 warmup',
    'no warmup, step == total_steps':
        '没有 warmup，step == total_steps',
    'no warmup: step 0 is max_lr':
        '没有 warmup：第 0 步就是 max_lr',
    'not clamped after total_steps (the cosine comes back up)':
        'total_steps 之后没有截断（余弦又升回来了）',
    'one decay step':
        '只有一步衰减',
    'one step before the end of a long schedule':
        '很长的调度结束前一步',
    'progress computed with // (integer division): it stays 0 until total_steps; use /':
        'progress 用 //（整数除法）计算：在 total_steps 之前一直为 0；应使用 /',
    'step 0: warmup starts from 0':
        '第 0 步：warmup 从 0 开始',
    'step == total_steps':
        'step == total_steps',
    'step == warmup_steps: the peak':
        'step == warmup_steps：峰值',
    'the last warmup step':
        'warmup 的最后一步',
    "the prompt's example":
        '题目中的示例',
    'the steps (a closed form does the same work at every step)':
        '步数（闭式公式每一步的计算量都相同）',
    'warmup off by one: (step + 1) / (warmup_steps + 1) (step 0 must give 0)':
        'warmup 差一错误：(step + 1) / (warmup_steps + 1)（第 0 步必须为 0）',
    'warmup off by one: (step + 1) / warmup_steps (step 0 must give 0)':
        'warmup 差一错误：(step + 1) / warmup_steps（第 0 步必须为 0）',
    'warmup rises linearly from 0 to max_lr':
        'warmup 从 0 线性上升到 max_lr',
    'with warmup_steps={0}, max_lr={1}: the warmup should go 0, max_lr/{2}, ..., reaching max_lr at step {3}; got {4}{5} (step {6} is off)':
        'warmup_steps={0}、max_lr={1} 时：warmup 应为 0, max_lr/{2}, ...，在第 {3} 步达到 max_lr；得到的是 {4}{5}（第 {6} 步不对）',
}
