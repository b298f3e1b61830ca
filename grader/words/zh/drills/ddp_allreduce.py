"""中文 text of the ddp_allreduce drill."""
TEXT = {
    '3 ranks, one bucket per parameter':
        '3 个 rank，每个参数一个桶',
    'Buckets: for i in reversed(range(len(params))) append i to the current bucket and add params[i].numel() * params[i].element_size() to its size; once size >= bucket_bytes close it. Keep bucket_of[i] and how many gradients each bucket still waits for.':
        '分桶：for i in reversed(range(len(params)))，把 i 加入当前桶，并把 params[i].numel() * params[i].element_size() 加到桶的大小上；一旦 size >= bucket_bytes 就关闭它。记录 bucket_of[i]，以及每个桶还在等多少个梯度。',
    'a parameter unused on one rank hangs the reduce: its hook never fires there, so that rank never launches its bucket while the others wait in it; finish() must launch every bucket left (the missing gradients as zeros)':
        '某个 rank 上没用到的参数让归约卡住了：它的 hook 在那个 rank 上永远不会触发，于是那个 rank 永远不发起这个桶，而其他 rank 一直在等；finish() 必须发起剩下的每个桶（缺失的梯度按全零计）',
    'buckets filled from the first parameter: fill them in reverse order, the order backward produces the gradients in':
        '从第一个参数开始填桶：应按逆序填，即反向传播产生梯度的顺序',
    'buckets overlap: the parameter that closes a bucket also opens the next one, so it is reduced twice; each parameter belongs to exactly one bucket':
        '桶之间有重叠：关闭一个桶的参数又开启了下一个桶，于是被归约了两次；每个参数应恰好属于一个桶',
    'buckets that reach exactly bucket_bytes':
        '恰好达到 bucket_bytes 的桶',
    'every bucket reduced in finish(), after backward: launch each bucket from the gradient hooks as soon as it is full, so communication overlaps backward':
        '所有桶都在反向传播之后的 finish() 中才归约：应在梯度 hook 里桶一满就发起，让通信与反向传播重叠',
    'finish(): launch buckets len(self.launched) .. end, then for each: work.wait(); flat /= world_size; slice it back into p.grad = flat[o:o + n].view_as(p).clone(). Reset the counters for the next step.':
        'finish()：发起编号 len(self.launched) 到最后的桶，然后对每个桶：work.wait()；flat /= world_size；再切回 p.grad = flat[o:o + n].view_as(p).clone()。为下一步重置计数器。',
    "gradients summed over the ranks but not averaged: divide by the world size, so that they are the whole batch's mean gradients":
        '梯度在各 rank 间求和了但没有求平均：要除以 world size，才是整个 batch 的平均梯度',
    'launch(b): flat = torch.cat([(p.grad if p.grad is not None else torch.zeros_like(p)).reshape(-1) ...]); work = dist.all_reduce(flat, async_op=True); keep (work, flat). Unused parameters never fire their hook, so finish() must launch the buckets left, or the other ranks wait for ever.':
        'launch(b)：flat = torch.cat([(p.grad if p.grad is not None else torch.zeros_like(p)).reshape(-1) ...])；work = dist.all_reduce(flat, async_op=True)；保存 (work, flat)。没用到的参数永远不会触发 hook，所以 finish() 必须发起剩下的桶，否则其他 rank 会一直等下去。',
    'one bucket for everything':
        '所有参数放进一个桶',
    'p.register_post_accumulate_grad_hook(lambda p, i=i: self.ready(i)) fires once p.grad is final. In ready(), count down the bucket, then launch buckets while the next one in order (len(self.launched)) is complete.':
        'p.register_post_accumulate_grad_hook(lambda p, i=i: self.ready(i)) 在 p.grad 最终确定后触发。在 ready() 里把对应桶的计数减一，然后只要按顺序的下一个桶（len(self.launched)）已满，就发起它。',
    'params[0] unused on every rank':
        '所有 rank 上都没用到 params[0]',
    'params[1] unused on rank 1 only':
        '只有 rank 1 上没用到 params[1]',
    "the prompt's example: two buckets":
        '题目中的示例：两个桶',
    'step {0}':
        '第 {0} 步',
}
