"""中文 text of the pipeline_parallel drill."""
TEXT = {
    '2 ranks, 4 micro-batches of one row':
        '2 个 rank，4 个各一行的 micro-batch',
    '4 ranks, 3 micro-batches':
        '4 个 rank，3 个 micro-batch',
    "Backward loop over j: last rank: losses[j].backward(); others: g = torch.empty_like(y_j); dist.recv(g, src=rank + 1); y_j.backward(g). Both add into the stage's .grad (never zero it between micro-batches). Then, unless rank 0, dist.send(h_j.grad, dst=rank - 1).":
        '对 j 做反向循环：最后一个 rank：losses[j].backward()；其他 rank：g = torch.empty_like(y_j)；dist.recv(g, src=rank + 1)；y_j.backward(g)。两种情况都会累加到 stage 的 .grad 上（micro-batch 之间绝不要清零）。然后，除非是 rank 0，dist.send(h_j.grad, dst=rank - 1)。',
    "Call backward once per micro-batch and nothing else on .grad: autograd sums the micro-batches' gradients for you (that is why the loss is divided by n_micro).":
        '每个 micro-batch 调用一次 backward，不要对 .grad 做别的操作：autograd 会替你把各 micro-batch 的梯度加起来（所以损失要除以 n_micro）。',
    'Forward loop over j: rank 0 takes h = x.chunk(n_micro)[j]; other ranks h = torch.empty(in_shape, dtype=w.dtype, device=w.device) with w = next(stage.parameters()), dist.recv(h, src=rank - 1), then h.requires_grad_(). y = stage(h); keep h and y (lists), and send y.detach() to rank + 1 unless last.':
        '对 j 做前向循环：rank 0 取 h = x.chunk(n_micro)[j]；其他 rank 令 w = next(stage.parameters())，h = torch.empty(in_shape, dtype=w.dtype, device=w.device)，dist.recv(h, src=rank - 1)，再 h.requires_grad_()。y = stage(h)；把 h 和 y 存进列表，除非是最后一个 rank，否则把 y.detach() 发给 rank + 1。',
    "On the last rank the micro-batch's output is a loss: F.mse_loss(y, target.chunk(n_micro)[j]) / n_micro. Dividing by n_micro makes the gradients summed over the micro-batches those of the whole batch's mean.":
        '在最后一个 rank 上，micro-batch 的输出是损失：F.mse_loss(y, target.chunk(n_micro)[j]) / n_micro。除以 n_micro 后，各 micro-batch 梯度之和就是整个 batch 平均损失的梯度。',
    "gradients not accumulated over micro-batches: zeroing them before each micro-batch's backward keeps the last micro-batch's only; backward adds into .grad, so let every micro-batch add to it":
        '梯度没有在 micro-batch 之间累加：每个 micro-batch 反向之前清零，只会留下最后一个 micro-batch 的梯度；backward 本身就会累加到 .grad 上，让每个 micro-batch 都加进去即可',
    "loss not divided by the number of micro-batches: the whole batch's loss is the mean of the micro-batch losses, so each micro-batch's backward starts from its loss / n_micro":
        '损失没有除以 micro-batch 数：整个 batch 的损失是各 micro-batch 损失的平均，所以每个 micro-batch 的反向应从 loss / n_micro 开始',
    'loss_j = F.mse_loss(y_j, target_j) / n_micro: backward from it, and add loss_j.item() to the loss you return.':
        'loss_j = F.mse_loss(y_j, target_j) / n_micro：从它开始反向，并把 loss_j.item() 加到要返回的损失上。',
    "not GPipe's schedule: each micro-batch went forward and back before the next went forward, so only one rank works at a time; run every micro-batch's forward, then every backward":
        '不是 GPipe 的调度：每个 micro-batch 做完前向和反向后才开始下一个的前向，于是同一时间只有一个 rank 在工作；应先做所有 micro-batch 的前向，再做所有反向',
    'one micro-batch: no pipelining':
        '一个 micro-batch：没有流水',
    'one receive buffer for every micro-batch: each dist.recv overwrites the input an earlier micro-batch saved for its backward; receive each micro-batch into a new tensor':
        '所有 micro-batch 共用一个接收缓冲区：每次 dist.recv 都会覆盖之前 micro-batch 为反向保存的输入；每个 micro-batch 要接收到新张量中',
    "send/recv order that deadlocks: two ranks each wait in dist.send to the other, and gloo's send returns only once the other rank receives. In GPipe every rank, the last one too, runs all its forwards before any backward: a gradient goes back only once every activation has come down":
        'send/recv 的顺序导致死锁：两个 rank 都卡在向对方的 dist.send 中，而 gloo 的 send 要等对方接收后才返回。GPipe 中每个 rank（包括最后一个）都在任何反向之前跑完自己所有的前向：只有所有激活都传下来之后，梯度才往回传',
    "the prompt's example: 3 ranks, B = 4, 2 micro-batches":
        '题目中的示例：3 个 rank，B = 4，2 个 micro-batch',
    'the received input does not require grad, so backward leaves its .grad None and there is no gradient to send back: call h.requires_grad_() on each received micro-batch':
        '收到的输入不 requires grad，所以反向之后它的 .grad 仍是 None，没有梯度可以往回发：对每个收到的 micro-batch 调用 h.requires_grad_()',
    'widths of one':
        '宽度为 1',
}
