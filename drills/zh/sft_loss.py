"""SFT损失(只算回复) SFT loss on response tokens

实现 `sft_loss(logits, input_ids, prompt_lens, attention_mask)`：因果语言模型在 (prompt, response)
对上的监督微调损失。模型只学习生成回复（response），所以 prompt token 和 padding 都不计入损失：

    the logits at position t predict the token at position t + 1             (shift by one)
    a target position t counts iff  prompt_lens[b] <= t  and  attention_mask[b, t]   (a response token)
    loss = sum over counted targets of -log softmax(logits[b, t - 1])[input_ids[b, t]]
           / (number of counted targets in the whole batch)                 token-level mean
    perplexity = exp(loss)

- `logits`：浮点 (B, S, V)，模型在 `input_ids` 上的输出。`input_ids`：long (B, S)，每行是一个
  prompt 接着它的回复，再接 padding。`prompt_lens`：long (B,)，每行 prompt 的 token 数，
  1 <= prompt_lens[b] <= 该行的长度。`attention_mask`：bool (B, S)，真实 token 处为 True；各行
  都是右填充（前 length[b] 个位置为 True）。
- 位置 0 永远不是目标（没有谁预测它）；一行最后一个真实位置的 logits 不预测任何东西。回复的第一个
  token 是目标：由 prompt 的最后一个位置预测它。
- 平均是对整个 batch 所有计入的 token 一次性取的（不是各序列平均值的平均）。某一行可以没有回复
  token（被截断了）；整个 batch 至少有一个。
- 返回 `(loss, perplexity)`，两个 0 维张量，dtype 和设备与 logits 相同。梯度流向 `logits`（会
  检查）。可以使用 F.cross_entropy（带 ignore_index）和 log_softmax；logits 接近 ±1000 时也必须
  保持有限。
- 不做任何原地修改；不要对 batch 写 Python 循环（用张量运算构造掩码）。

示例:
    >>> logits = torch.tensor([[[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 3.0], [1.0, 1.0, 1.0]],
    ...                        [[0.0, 2.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [5.0, 0.0, 0.0]]])
    >>> input_ids = torch.tensor([[0, 2, 1, 2], [1, 1, 0, 2]])
    >>> prompt_lens = torch.tensor([2, 1])
    >>> attention_mask = torch.tensor([[True, True, True, True], [True, True, True, False]])
    >>> sft_loss(logits, input_ids, prompt_lens, attention_mask)
    (tensor(0.3593), tensor(1.4324))
    # targets: row 0 positions 2, 3 (0.5514, 0.0949); row 1 positions 1, 2 (0.2395, 0.5514)
"""
import torch


def sft_loss(logits: torch.Tensor, input_ids: torch.Tensor, prompt_lens: torch.Tensor,
             attention_mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 回复 token 的掩码，logits 和目标错开一位，逐 token 交叉熵，在整个 batch 上求掩码平均，
    # 再取 exp（约 8 行）
    raise NotImplementedError
