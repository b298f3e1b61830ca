"""中文 text of the zero_optimizer drill."""
TEXT = {
    'AdamW on the shard exactly as torch: p.mul_(1 - lr * wd); m.mul_(b1).add_(g, alpha=1 - b1); v.mul_(b2).addcmul_(g, g, value=1 - b2); p.addcdiv_(m, (v / (1 - b2 ** t)).sqrt() + eps, value=-lr / (1 - b1 ** t)).':
        '在分片上做与 torch 完全一致的 AdamW：p.mul_(1 - lr * wd)；m.mul_(b1).add_(g, alpha=1 - b1)；v.mul_(b2).addcmul_(g, g, value=1 - b2)；p.addcdiv_(m, (v / (1 - b2 ** t)).sqrt() + eps, value=-lr / (1 - b1 ** t))。',
    "Stages 1-2: full = shard.new_empty(s * N); dist.all_gather_into_tensor(full, shard); param.copy_(full[:numel].view(shape)) - or the other ranks' parts stay stale. Stage 3 keeps self.shards and full_params() does that gather into new tensors.":
        'stage 1-2：full = shard.new_empty(s * N)；dist.all_gather_into_tensor(full, shard)；param.copy_(full[:numel].view(shape))——否则其他 rank 负责的部分是过时的。stage 3 保存 self.shards，由 full_params() 把它们 gather 到新张量中。',
    "eps 0.1: Adam ignores the gradients' scale but for eps, so a sum instead of a mean shows here":
        'eps 0.1：除了 eps 之外 Adam 不受梯度尺度影响，所以用和代替均值的错误会在这里暴露',
    'gradients all-reduced at stage 2 or 3: reduce-scatter them (dist.reduce_scatter_tensor), so that each rank only ever receives its shard of the averaged gradient':
        'stage 2 或 3 对梯度做了 all-reduce：应做 reduce-scatter（dist.reduce_scatter_tensor），让每个 rank 只收到平均梯度中属于自己的分片',
    "gradients summed over the ranks but not averaged: divide by N, so that each rank steps with the whole batch's mean gradient":
        '梯度在各 rank 间求和了但没有求平均：要除以 N，让每个 rank 用整个 batch 的平均梯度更新',
    'optimizer states kept whole: each rank keeps only its shard of exp_avg and exp_avg_sq (ceil(numel / N) elements per parameter)':
        '优化器状态保存了完整的：每个 rank 只保留 exp_avg 和 exp_avg_sq 中自己的分片（每个参数 ceil(numel / N) 个元素）',
    "parameters kept whole at stage 3: keep only this rank's shard and all-gather in full_params()":
        'stage 3 保存了完整参数：只保留本 rank 的分片，在 full_params() 中 all-gather',
    'parameters not re-gathered after the step: each rank updated only its own shard, so the other parts of its parameters are stale; all-gather the updated shards (stages 1-2)':
        'step 之后没有重新收集参数：每个 rank 只更新了自己的分片，所以参数的其他部分是过时的；应 all-gather 更新后的分片（stage 1-2）',
    's = -(-p.numel() // N); the padded flat view is F.pad(p.reshape(-1), (0, s * N - p.numel())) and rank r owns [r * s, (r + 1) * s). exp_avg and exp_avg_sq are torch.zeros(s, device=p.device) per param: only your shard.':
        's = -(-p.numel() // N)；填充后的展平视图是 F.pad(p.reshape(-1), (0, s * N - p.numel()))，rank r 拥有 [r * s, (r + 1) * s)。每个参数的 exp_avg 和 exp_avg_sq 是 torch.zeros(s, device=p.device)：只存你的分片。',
    'shard boundaries off when numel is not a multiple of N: pad each flattened parameter to ceil(numel / N) * N and give every rank ceil(numel / N) elements; numel // N leaves the tail elements to no rank':
        'numel 不是 N 的倍数时分片边界错了：把每个展平的参数填充到 ceil(numel / N) * N，每个 rank 分 ceil(numel / N) 个元素；用 numel // N 会让末尾的元素不属于任何 rank',
    'stage 1, 2 ranks':
        'stage 1，2 个 rank',
    'stage 1, 3 ranks, betas (0.5, 0.9)':
        'stage 1，3 个 rank，betas (0.5, 0.9)',
    'stage 2, 3 ranks':
        'stage 2，3 个 rank',
    'stage 2, a param smaller than N':
        'stage 2，参数元素数少于 N',
    'stage 3, 2 ranks':
        'stage 3，2 个 rank',
    'stage 3, 3 ranks, 3 steps, lr 0.2, weight_decay 0.1':
        'stage 3，3 个 rank，3 步，lr 0.2，weight_decay 0.1',
    'step(): average first. Stage 1: all_reduce the padded flat gradient, take your slice, / N. Stages 2-3: out = g.new_empty(s); dist.reduce_scatter_tensor(out, padded_grad); out /= N.':
        'step()：先求平均。stage 1：对填充后的展平梯度做 all_reduce，取出你的切片，再 / N。stage 2-3：out = g.new_empty(s)；dist.reduce_scatter_tensor(out, padded_grad)；out /= N。',
    'step {0}':
        '第 {0} 步',
}
