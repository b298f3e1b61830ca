"""束搜索 Beam search

实现 `beam_search(step_logprobs, bos, eos, beam_width, max_new_tokens, length_penalty=1.0)`，
返回 `(tokens, score)`：最好的已完成假设（int 列表，以 bos 开头）以及它经长度归一化的分数（float）。

- `step_logprobs(prefixes)` 就是模型：`prefixes` 是一个 LongTensor (n, t)，即 n 个长度同为 t 的假设，
  每个都以 `bos` 开头；它返回下一个 token 的 (n, V) log-prob。每一步只调用一次，把所有存活的假设
  堆叠在一起传入（而不是每个假设调用一次：把整个 beam 打成一个 batch 正是本题的重点）。`bos` 和
  `eos` 是 [0, V) 中的 token id。
- 一个假设从 [bos] 开始，分数为 0；它的分数是它所选各 token 的 log-prob 之和。
- 每一步：把每个存活假设用每个 token 扩展（共 n·V 个候选），并在全体候选中保留最好的 `beam_width` 个
  （不是每个假设各取最好的）。保留下来的候选若以 `eos` 结尾就算完成：它离开 beam，且这一步不会把
  beam 补满到 `beam_width`。下一步仍然是在存活假设的扩展中保留最好的 `beam_width` 个。
- 没有存活假设时，或走完 `max_new_tokens` 步后停止；此时仍存活的假设也算作已完成。
- 返回 `score / n_new ** length_penalty` 最好的已完成假设及其归一化分数，其中 `n_new` 是 bos 之后
  的 token 数（包括 eos）。

示例（V = 3，bos = 0，eos = 2，beam_width = 2，max_new_tokens = 2，length_penalty = 1）：
    step 1 from [0]: log-probs of tokens 0, 1, 2 are [-3.0, -0.6, -0.9]
        keep [0, 1] (-0.6) and [0, 2] (-0.9); [0, 2] ends in eos: finished, the beam holds 1
    step 2 from [0, 1]: log-probs [-2.3, -1.4, -0.4]
        keep [0, 1, 2] (-1.0) and [0, 1, 1] (-2.0); [0, 1, 2] is finished; max_new_tokens is
        reached, so [0, 1, 1] counts as finished too
    normalised: [0, 2] -0.9 / 1 = -0.9, [0, 1, 2] -1.0 / 2 = -0.5, [0, 1, 1] -2.0 / 2 = -1.0
    >>> beam_search(model, bos=0, eos=2, beam_width=2, max_new_tokens=2)
    ([0, 1, 2], -0.5)
    (with length_penalty=0 the raw sums decide: ([0, 2], -0.9))
"""
import torch


def beam_search(step_logprobs, bos: int, eos: int, beam_width: int, max_new_tokens: int,
                length_penalty: float = 1.0) -> tuple[list[int], float]:
    # TODO: 为存活的 beam 保存 (tokens, score)，另存一个已完成假设的列表；每一步调用
    # step_logprobs 一次，在 score + logp 中取全局前 beam_width 个，把以 eos 结尾的
    # 移到已完成列表；最后加入仍存活的假设，选出归一化分数最好的
    # （约 15 行）
    raise NotImplementedError
