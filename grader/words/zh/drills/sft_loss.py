"""中文 text of the sft_loss drill."""
TEXT = {
    "A response token sits at or after its row's prompt and is real: torch.arange(S) >= prompt_lens[:, None], and attention_mask. No loop: the comparison broadcasts (S,) against (B, 1).":
        '回复 token 位于该行 prompt 处或之后，而且是真实 token：torch.arange(S) >= prompt_lens[:, None]，再与 attention_mask 取与。不用循环：比较时 (S,) 与 (B, 1) 会广播。',
    "Per-token losses: F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), reduction='none'); then the masked sum divided by the number of counted tokens of the whole batch.":
        "逐 token 损失：F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), reduction='none')；然后求掩码后的和，再除以整个 batch 中计入的 token 数。",
    'Shift first: logits[:, :-1] predict input_ids[:, 1:]. Every mask you build for the targets is shifted the same way ([:, 1:]).':
        '先错位：logits[:, :-1] 预测 input_ids[:, 1:]。为目标构造的每个掩码都要同样错位（[:, 1:]）。',
    'a vocabulary of 32000; compared: loss, perplexity':
        '词表大小 32000；比较：loss, perplexity',
    'changing the prompt and padding tokens, and the logits that predict them, changed the loss from {0} to {1}: only response tokens are targets (shift by one, then mask)':
        '改变 prompt 和 padding 的 token 以及预测它们的 logits 后，损失从 {0} 变成了 {1}：只有回复 token 是目标（先错开一位，再加掩码）',
    'compared: loss, perplexity':
        '比较：loss, perplexity',
    'expected (loss, perplexity)':
        '应返回 (loss, perplexity)',
    'keep = ((arange(S) >= prompt_lens[:, None]) & attention_mask)[:, 1:]; nll = per-token CE of logits[:, :-1] against input_ids[:, 1:]; loss = (nll * keep).sum() / keep.sum(); return loss, loss.exp()':
        'keep = ((arange(S) >= prompt_lens[:, None]) & attention_mask)[:, 1:]；nll = logits[:, :-1] 对 input_ids[:, 1:] 的逐 token CE；loss = (nll * keep).sum() / keep.sum(); return loss, loss.exp()',
    'log(softmax(...)) underflows to log(0) = -inf for logits far apart; use log_softmax or F.cross_entropy':
        'logits 相差很大时 log(softmax(...)) 会下溢成 log(0) = -inf；请用 log_softmax 或 F.cross_entropy',
    'logits near ±1000; compared: loss, perplexity':
        '接近 ±1000 的 logits；比较：loss, perplexity',
    'mask not shifted with the targets: the mask of target t + 1 is response[:, 1:], not response[:, :-1]':
        '掩码没有跟着目标错位：目标 t + 1 的掩码是 response[:, 1:]，不是 response[:, :-1]',
    'mean of per-sequence means: the loss is one mean over every response token of the batch':
        '对各序列的平均值再取平均：损失是对 batch 中所有回复 token 取的一个平均',
    'mean over all positions: divide by the number of response tokens, not by every position':
        '对所有位置取了平均：应除以回复 token 的数量，而不是所有位置的数量',
    'no padding; compared: loss, perplexity':
        '没有 padding；比较：loss, perplexity',
    'no shift: the logits at position t predict the token at t + 1 (logits[:, :-1] against input_ids[:, 1:])':
        '没有错位：位置 t 的 logits 预测的是 t + 1 处的 token（logits[:, :-1] 对 input_ids[:, 1:]）',
    'padding not masked: positions where attention_mask is False are no targets':
        'padding 没有被掩掉：attention_mask 为 False 的位置不是目标',
    "perplexity as the mean of each token's exp(loss): it is exp of the mean loss":
        '把困惑度算成了每个 token 的 exp(loss) 的平均：它应是平均损失的 exp',
    'perplexity is exp(loss)':
        '困惑度等于 exp(loss)',
    'perplexity {0} is not exp(loss) = {1}: it is the exponential of the mean per-token loss':
        '困惑度 {0} 不等于 exp(loss) = {1}：它应是逐 token 平均损失的指数',
    'prompt and padding are ignored':
        'prompt 和 padding 不计入',
    'prompt tokens not masked: only the response (positions >= prompt_lens) is trained on':
        'prompt token 没有被掩掉：只在回复（位置 >= prompt_lens）上训练',
    'prompts of 3, 2, 1 tokens; rows of 7, 5, 3; compared: loss, perplexity':
        'prompt 分别为 3、2、1 个 token；各行长 7、5、3；比较：loss, perplexity',
    'row 1 is all prompt (no target); row 2 has one response token; compared: loss, perplexity':
        '第 1 行全是 prompt（没有目标）；第 2 行有一个回复 token；比较：loss, perplexity',
    'rows of 1024 tokens; compared: loss, perplexity':
        '每行 1024 个 token；比较：loss, perplexity',
    'the first response token left out (positions > prompt_lens): it is a target too, predicted by the last prompt position':
        '漏掉了回复的第一个 token（用了位置 > prompt_lens）：它也是目标，由 prompt 的最后一个位置预测',
    "the prompt's example; compared: loss, perplexity":
        '题目中的示例；比较：loss, perplexity',
    'the sequences':
        '序列数',
    'two tokens: one target; compared: loss, perplexity':
        '两个 token：一个目标；比较：loss, perplexity',
}
