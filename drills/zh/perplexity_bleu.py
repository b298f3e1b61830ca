"""困惑度与BLEU Perplexity and corpus BLEU

实现语言模型输出的两个评价指标。

`perplexity(logits, targets, mask) -> 0-d tensor`
- logits (B, S, V) float：位置 t 预测 targets[:, t]（已经对齐：不用再错位）。
  targets (B, S) LongTensor；mask (B, S) bool，True 表示真实 token。mask 为 False 处的 target 可能是
  -100（或任意类别）：这些位置不计入。至少有一个真实 token。
- 按 token 加权：exp(batch 中所有真实 token 的 -log p(target) 之和 / 真实 token 的个数)。一个 batch
  就是一段长文本：token 多的行权重大（它不是各行困惑度的平均），没有真实 token 的行不起任何作用。
- log p 沿 V 做 log-softmax 得到，logits 达到 ±1e4 时也要数值稳定。返回值与 logits 的 dtype 相同，
  位于 logits 所在的设备上；梯度要能回传到 logits。不要对 batch 写 Python 循环；不要修改输入。
  不允许使用 F.cross_entropy 和 F.nll_loss。

`corpus_bleu(hypotheses, references) -> float`
- hypotheses：token 列表的列表（每句一个；token 是字符串）；references：对每个句子，给出一个或多个
  参考译文的 token 列表。
- 均匀权重的 BLEU-4：BLEU = BP · exp((log p1 + log p2 + log p3 + log p4) / 4)。
- p_n（语料级）：各句截断后的 n-gram 匹配数之和 / 各候选译文 n-gram 个数之和（len - n + 1，至少为 0）。
  截断：一个在候选译文中出现 c 次的 n-gram 计为 min(c, 它在该句任意「一个」参考译文中出现的最多次数)。
- BP（长度惩罚，对整个语料只算一次）：c = 候选译文的总长度，r = 各句中与候选长度最接近的参考译文
  长度之和（并列时取较短的）；c > r 时 BP = 1，否则 BP = exp(1 - r / c)。
- 不做平滑：只要有一个 p_n 没有任何匹配（或 c 为 0），BLEU 就是 0.0。与 nltk 的 corpus_bleu 以及
  smooth_method="none" 的 sacrebleu 一致。返回 Python float。不允许使用 nltk 和 sacrebleu。

示例:
    >>> logits = torch.tensor([[[2.0, 0.0, -1.0], [0.5, 0.5, 0.0], [0.0, 0.0, 0.0]],
    ...                        [[1.0, 2.0, 0.0], [0.0, 0.0, 3.0], [1.0, 1.0, 1.0]]])
    >>> targets = torch.tensor([[0, 1, 2], [1, 2, -100]])
    >>> mask = torch.tensor([[True, True, False], [True, True, False]])
    >>> perplexity(logits, targets, mask)
    tensor(1.5032)
    >>> hypotheses = ["the cat sat on the mat".split(), "a dog ran".split()]
    >>> references = [["the cat sat on a mat".split(), "there is a cat on the mat".split()],
    ...               ["a dog ran in the park".split()]]
    >>> round(corpus_bleu(hypotheses, references), 4)
    0.5
    # "the" occurs twice in the first hypothesis, at most once in a reference: p1 = 8/9;
    # c = 9, r = 6 + 6 = 12, so BP = exp(1 - 12/9)
"""
import torch


def perplexity(logits: torch.Tensor, targets: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    # TODO: 数值稳定的 log-softmax，取 target 的 -log p（被掩码处用一个安全的下标），按掩码求和
    # 再除以真实 token 数，取 exp（约 6 行）
    raise NotImplementedError


def corpus_bleu(hypotheses: list, references: list) -> float:
    # TODO: 对每个句子：最接近的参考长度，n = 1..4 的截断 n-gram 匹配数和 n-gram 个数，在整个
    # 语料上累加；然后算各阶精度和一个长度惩罚（约 20 行）
    raise NotImplementedError
