"""重复惩罚与采样过滤 Logits processors: penalties, min-p, no-repeat n-grams

解码器在采样下一个 token 之前，logits 会经过一系列 processor，它们会参考目前为止已生成的内容。
实现其中四个。每个都接收 `logits` (B, V) float，即 B 条序列下一个 token 的分数，并返回一个新的
(B, V) 张量，dtype 和设备与 logits 相同；不修改 `logits` 和 `input_ids`。`input_ids` (B, T) long，
T >= 1，保存每条序列到目前为止的 token（prompt 加已生成部分），id 在 [0, V) 内。

`repetition_penalty(logits, input_ids, penalty)`（CTRL，Keskar et al. 2019），`penalty` > 0：
- 对 input_ids 第 b 行中出现过的每个 token id（每个 token 只处理一次，不管出现多少次），修改
  logits[b, id]：正的 logit 除以 `penalty`，负的乘以它（0 保持 0）。penalty > 1 时两者都让该 token
  更不可能被选中。没出现过的 token 保持原 logit。

`presence_frequency_penalty(logits, input_ids, presence_penalty=0.0, frequency_penalty=0.0)`
（OpenAI API 的规则）：设 c 为该 token 在 input_ids 第 b 行中出现的次数，
      logits[b, id] - frequency_penalty * c - presence_penalty * (1 if c > 0 else 0)
- frequency penalty 随每次出现而累加；presence penalty 只扣一次。

`min_p_filter(logits, min_p)`（Nguyen et al. 2024），0 < min_p < 1：
- 每行 probs = softmax(logits)；一个 token 被去掉（其 logit 变为 -inf）当且仅当它的概率
  < min_p *（该行最大的概率）。保留的 token 保持原 logit，所以最大的 token 总会保留。很大的 logits
  (|x| ~ 1000) 也必须能用：softmax 要数值稳定地计算。

`no_repeat_ngram(logits, input_ids, n)`（同 fairseq 和 Hugging Face），n >= 1：
- 禁止所有会补全该行中已出现过的 n-gram 的 token：取该行最后 n - 1 个 token；对于之前每个出现同样
  n - 1 个 token、且其后跟着某个 token t 的位置（该行所有 n-gram 都算，包括以最后一个 token 结尾的
  那个），令 logits[b, t] = -inf。n = 1 时会禁止该行中已出现的所有 token。当该行 token 数少于 n
  (T < n) 时，什么都不禁止。

前三个函数不能对 batch 写 Python 循环（检查会在两种规模下统计你的 torch 调用次数）；
no_repeat_ngram 可以对行和位置写循环。float64 输入给出 float64 输出。

示例:
    >>> logits = torch.tensor([[2.0, -1.0, 0.5, 1.0, -2.0]])    # probs 0.603 0.030 0.135 0.222 0.011
    >>> repetition_penalty(logits, torch.tensor([[0, 1, 0, 4]]), 2.0)    # 0 seen twice: divided once
    tensor([[ 1.0000, -2.0000,  0.5000,  1.0000, -4.0000]])
    >>> presence_frequency_penalty(logits, torch.tensor([[0, 1, 0, 4]]), presence_penalty=0.5,
    ...                            frequency_penalty=0.25)       # token 0: 2 - 0.25 * 2 - 0.5
    tensor([[ 1.0000, -1.7500,  0.5000,  1.0000, -2.7500]])
    >>> min_p_filter(logits, 0.3)                                # keep probs >= 0.3 * 0.603 = 0.181
    tensor([[2., -inf, -inf, 1., -inf]])
    >>> ids = torch.tensor([[0, 3, 2, 4, 3, 1, 0, 3]])
    >>> no_repeat_ngram(logits, ids, 2)     # the row ends in 3; "3 2" and "3 1" were seen: forbid 2, 1
    tensor([[ 2., -inf, -inf,  1., -2.]])
    >>> no_repeat_ngram(logits, ids, 3)     # it ends in "0 3"; "0 3 2" was seen: forbid 2
    tensor([[ 2., -1., -inf,  1., -2.]])
"""
import torch


def repetition_penalty(logits: torch.Tensor, input_ids: torch.Tensor, penalty: float) -> torch.Tensor:
    # TODO: gather 出已出现 id 的 logits，正的除以 penalty、负的乘以 penalty，再 scatter 回一份
    # 副本（约 3 行）
    raise NotImplementedError


def presence_frequency_penalty(logits: torch.Tensor, input_ids: torch.Tensor, presence_penalty: float = 0.0,
                               frequency_penalty: float = 0.0) -> torch.Tensor:
    # TODO: 统计每行每个 id 的次数（scatter_add 到全零的 (B, V)），再减去两种惩罚
    # （约 2 行）
    raise NotImplementedError


def min_p_filter(logits: torch.Tensor, min_p: float) -> torch.Tensor:
    # TODO: softmax，阈值 = min_p * 该行最大概率，低于阈值的设为 -inf（约 3 行）
    raise NotImplementedError


def no_repeat_ngram(logits: torch.Tensor, input_ids: torch.Tensor, n: int) -> torch.Tensor:
    # TODO: 取每行所有 n-gram（unfold 或循环），找出前 n - 1 个 token 等于该行最后 n - 1 个 token
    # 的那些，把它们最后一个 token 设为 -inf（约 7 行）
    raise NotImplementedError
