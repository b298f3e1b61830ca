"""中文 text of the training_loop drill."""
TEXT = {
    '7 items in batches of 3 (the last has 1)':
        '7 个样本，每个 batch 3 个（最后一个只有 1 个）',
    'EarlyStopping.step: if val_loss < best: best = val_loss and the counter goes back to 0; else counter += 1. Return counter >= patience.':
        'EarlyStopping.step：if val_loss < best：best = val_loss，计数归 0；否则 counter += 1。返回 counter >= patience。',
    '`generator` given to the validation loader too: iterating a DataLoader draws a seed from its generator, which changes the training order':
        '验证 loader 也传了 `generator`：遍历 DataLoader 时会从它的 generator 取一个种子，这会改变训练顺序',
    'a tie counted as an improvement: only a loss strictly below the best resets the count':
        '把相等算作了改进：只有严格低于最好值的损失才会让计数归零',
    'a tie is no improvement':
        '相等不算改进',
    'always better: never stops':
        '一直在变好：永不停止',
    'an improvement every other epoch: the count starts again each time':
        '每隔一个 epoch 改进一次：每次计数都重新开始',
    "batch losses averaged without weighting: the last batch may be smaller, so weight each batch's mean loss by its size (total += loss.item() * len(y), then divide by the number of items)":
        '对各 batch 的损失直接求平均而没有加权：最后一个 batch 可能更小，所以要按 batch 大小给每个 batch 的平均损失加权（total += loss.item() * len(y)，再除以样本数）',
    "batch {0} began before the last one's step: each batch is zero_grad, forward, backward, step":
        '第 {0} 个 batch 在上一个 batch 的 step 之前就开始了：每个 batch 依次是 zero_grad、前向、backward、step',
    "batch {0}: backward without zero_grad since the last step, so its gradients add to the last batch's":
        '第 {0} 个 batch：上次 step 之后没有 zero_grad 就 backward，于是它的梯度累加到了上一个 batch 的梯度上',
    'batch {0}: step without a backward before it':
        '第 {0} 个 batch：step 之前没有 backward',
    'batch {0}: zero_grad came between backward and step, so step found no gradients':
        '第 {0} 个 batch：zero_grad 夹在 backward 和 step 之间，step 时梯度已被清空',
    'batch {0}: {1}; training forwards run in train() mode (dropout on)':
        '第 {0} 个 batch：{1}；训练时的前向要在 train() 模式下运行（dropout 开启）',
    'batches of one':
        '每个 batch 只有一个样本',
    'batches of one; 7 items in batches of 1':
        '每个 batch 只有一个样本；7 个样本，每个 batch 1 个',
    "collate: L_max = the longest item of the batch; x = zeros (B, L_max, d) of the items' dtype and device (first.new_zeros), copy item i into x[i, :L_i] and set mask[i, :L_i] = True; stack the labels.":
        'collate：L_max = 该 batch 中最长样本的长度；x = 与样本相同 dtype 和设备的全零 (B, L_max, d)（first.new_zeros），把样本 i 复制到 x[i, :L_i]，并令 mask[i, :L_i] = True；把标签堆叠起来。',
    'compared with the previous epoch instead of the best so far: a loss below the last one but above the best is no improvement':
        '与上一个 epoch 比较，而不是与目前最好值比较：低于上一次但高于最好值的损失不算改进',
    'early stopping on the training loss: watch the validation loss':
        '按训练损失做早停：应该看验证损失',
    'equal batches; 6 items in batches of 3':
        'batch 大小相等；6 个样本，每个 batch 3 个',
    'equal lengths: no padding':
        '长度相同：没有 padding',
    'eval() mode and no autograd':
        'eval() 模式且不用 autograd',
    'evaluate called {0}: evaluation leaves the weights and their gradients alone':
        'evaluate 调用了 {0}：评估时不能动权重和它们的梯度',
    'evaluate: model.eval() and the whole loop under torch.no_grad(); the same weighted mean.':
        'evaluate：model.eval()，整个循环放在 torch.no_grad() 下；同样按样本加权平均。',
    'evaluation in train() mode: call model.eval() first, or dropout stays on':
        '在 train() 模式下做评估：要先调用 model.eval()，否则 dropout 仍然开着',
    'falling again without a new best: not an improvement':
        '再次下降但没有刷新最好值：不算改进',
    'fit: DataLoader(train_data, batch_size=batch_size, shuffle=True, generator=generator, collate_fn=collate) and DataLoader(val_data, batch_size=batch_size, collate_fn=collate) — no generator there: iterating a DataLoader draws a seed from its generator.':
        'fit：DataLoader(train_data, batch_size=batch_size, shuffle=True, generator=generator, collate_fn=collate) 和 DataLoader(val_data, batch_size=batch_size, collate_fn=collate)——后者不传 generator：遍历 DataLoader 时会从它的 generator 取一个种子。',
    'gradients tracked during evaluation: run it under torch.no_grad() (no graph is built for a backward that never comes)':
        '评估时还在跟踪梯度：要在 torch.no_grad() 下运行（不必为永远不会发生的 backward 构建计算图）',
    'lengths [3, 1, 4]':
        '长度 [3, 1, 4]',
    'lengths [5, 1, 1, 2]':
        '长度 [5, 1, 1, 2]',
    'mask polarity inverted: True marks a real token':
        '掩码极性反了：True 表示真实 token',
    'max_epochs 3 comes first':
        '先达到 max_epochs 3',
    'model.train() not called: the model arrives in eval() mode (evaluate left it so), and dropout must be on while training':
        '没有调用 model.train()：传进来的模型处于 eval() 模式（evaluate 留下的），而训练时 dropout 必须开启',
    'one batch; 4 items in batches of 4':
        '只有一个 batch；4 个样本，每个 batch 4 个',
    'one item':
        '只有一个样本',
    'one item of length 1':
        '一个长度为 1 的样本',
    'one item; 1 items in batches of 4 (the last has 1)':
        '只有一个样本；1 个样本，每个 batch 4 个（最后一个只有 1 个）',
    "padded on the left: each item's tokens come first, padding after (x[i, :L_i] = item)":
        '在左侧做了 padding：每个样本的 token 在前，padding 在后 (x[i, :L_i] = item)',
    'patience 1, lr 2':
        'patience 1，lr 2',
    'patience 2':
        'patience 2',
    'patience counter not reset: a new best sets the count of epochs without improvement back to 0':
        'patience 计数没有归零：出现新的最好值时，没有改进的 epoch 计数要归 0',
    'stops one epoch late: stop once the count reaches patience (>=)':
        '晚停了一个 epoch：计数一达到 patience 就停止 (>=)',
    'the first loss is not below inf':
        '第一个损失没有低于 inf',
    'the last batch is smaller; 5 items in batches of 2 (the last has 1)':
        '最后一个 batch 更小；5 个样本，每个 batch 2 个（最后一个只有 1 个）',
    "the prompt's example":
        '题目中的示例',
    'the training loader does not shuffle with `generator`: DataLoader(train_data, batch_size=batch_size, shuffle=True, generator=generator, collate_fn=collate)':
        '训练 loader 没有用 `generator` 打乱顺序：DataLoader(train_data, batch_size=batch_size, shuffle=True, generator=generator, collate_fn=collate)',
    'three items':
        '三个样本',
    "train_epoch: model.train(), then per batch optimizer.zero_grad(); loss = loss_fn(model(x, mask), y); loss.backward(); optimizer.step(). Weight each batch's mean loss by its size: total += loss.item() * len(y), and return total / (number of items).":
        'train_epoch：model.train()，然后每个 batch：optimizer.zero_grad()；loss = loss_fn(model(x, mask), y)；loss.backward()；optimizer.step()。每个 batch 的平均损失按其大小加权：total += loss.item() * len(y)，最后返回 total / (样本数)。',
    'zero_grad after backward: it clears the gradients step is about to use; call optimizer.zero_grad() before loss.backward()':
        'zero_grad 放在了 backward 之后：它清掉了 step 马上要用的梯度；要在 loss.backward() 之前调用 optimizer.zero_grad()',
    "zero_grad never called: each backward adds to the last batch's gradients":
        '从没调用 zero_grad：每次 backward 都累加到上一个 batch 的梯度上',
    'zero_grad, backward, step in each batch':
        '每个 batch 都做 zero_grad、backward、step',
    '{0} forwards and a last call of {1}: one epoch is {2} batches, each ending in a step':
        '{0} 次前向，最后一次调用是 {1}：一个 epoch 有 {2} 个 batch，每个都以 step 结束',
    '{0}: evaluation runs in eval() mode':
        '{0}：评估要在 eval() 模式下运行',
    '{0}: evaluation runs under torch.no_grad()':
        '{0}：评估要在 torch.no_grad() 下运行',
    'forward in train() mode with autograd on':
        'train() 模式下、开启 autograd 的前向',
    'forward in train() mode with autograd off':
        'train() 模式下、关闭 autograd 的前向',
    'forward in eval() mode with autograd on':
        'eval() 模式下、开启 autograd 的前向',
    'forward in eval() mode with autograd off':
        'eval() 模式下、关闭 autograd 的前向',
    'epoch {0}: step({1})':
        '第 {0} 个 epoch：step({1})',
}
