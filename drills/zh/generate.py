"""自回归生成 Autoregressive generation with a KV cache

实现 `generate(model, input_ids, max_new_tokens, eos_token_id=None, pad_token_id=0,
do_sample=False, temperature=1.0, top_k=None, top_p=None, generator=None)`：把解码器变成文本的那个
循环。返回新生成的 token，一个位于 input_ids 所在设备上的 (B, max_new_tokens) long 张量。

模型（已给出，不用你写）的调用方式是 `logits, cache = model(ids, cache)`：
- `ids` (B, T) long：B 条序列各自接下来的 T 个 token，T >= 1。
- `cache`：第一次调用时为 None（还什么都没看到），之后是上一次调用返回的 cache。模型把喂给它的每个
  token 的 key 和 value 存在里面，返回时增加了这 T 个 token。把它当成黑盒：原样传回去即可。
- `logits` (B, T, V) float：logits[:, t] 是在已喂入的全部内容条件下，紧跟 ids[:, t] 的那个 token
  的分数。所以 logits[:, -1] 给下一个 token 打分。

循环：
- Prefill：在整个 prompt (B, P) 上只调用一次 `model(input_ids)`。之后每多一个 token，只用最新的
  token (B, 1) 和 cache 调用一次模型。同一个 token 绝不能喂两次，选出最后一个 token 之后也不要再调用
  模型。（评分器会统计调用次数和喂入的 token 数：每一步都重跑前缀，正是 cache 要避免的。）
- 根据 (B, V) 的分数选 token：
  - do_sample=False：贪心，取 argmax（忽略 temperature、top_k 和 top_p）。
  - do_sample=True：先除以 `temperature`；然后，如果给了 top_k，保留 top_k 个最大的分数（即所有
    >= 第 k 大的分数；top_k >= V 时全部保留）；然后，如果给了 top_p，保留核（nucleus）：降序排序，
    一个 token 当且仅当排在它之前的概率质量严格 < top_p 时保留；其余的变为 -inf。对剩下的分数取
    softmax，每条序列从中抽一个 token，所有随机性都来自 `generator`
    （torch.multinomial(..., generator=generator)）；不要动 torch 的全局随机状态。采样按多次抽取的
    频率评分。
- EOS，按序列处理：一条序列一旦生成了 `eos_token_id`（EOS 本身保留在输出中），该序列之后的每个位置
  都是 `pad_token_id`（它是词表中的 id，所以可以像普通 token 一样喂给模型），而其他序列继续生成。
  当所有序列都结束时，停止调用模型；输出的剩余部分都是 padding。
  eos_token_id=None 时，每条序列都生成 max_new_tokens 个 token。
- 一条序列只会因它自己的 token 而结束：batch 中各行互不影响。
- 不要对 batch 写 Python 循环（检查会在两种 batch 大小下统计你的 torch 调用次数）；对步数的循环才是
  本题的重点。不要修改 input_ids；你创建的所有张量都要在它所在的设备上。

示例，使用一个玩具模型，其中下一个 token 只取决于上一个 token（它的 "cache" 只是已看到的 token 数）：
    >>> class Bigram:
    ...     def __init__(self, table):
    ...         self.table = table                       # (V, V): row a scores the token after a
    ...     def __call__(self, ids, cache=None):
    ...         return self.table[ids], (0 if cache is None else cache) + ids.shape[1]
    >>> table = torch.tensor([[0.0, 2.0, 1.0, 0.0],
    ...                       [0.0, 0.0, 1.0, 3.0],
    ...                       [0.0, 0.0, 0.0, 0.0],
    ...                       [1.0, 0.5, 2.5, 0.0]])
    >>> generate(Bigram(table), torch.tensor([[0], [3], [2]]), 4, eos_token_id=2, pad_token_id=0)
    tensor([[1, 3, 2, 0],            # 0 -> 1 -> 3 -> 2 (EOS), then padding
            [2, 0, 0, 0],            # EOS at once; the other rows go on
            [0, 1, 3, 2]])
    >>> generate(Bigram(table), torch.tensor([[0], [3], [2]]), 4)      # no EOS: 4 tokens each
    tensor([[1, 3, 2, 0],
            [2, 0, 1, 3],
            [0, 1, 3, 2]])
"""
import torch


def generate(model, input_ids: torch.Tensor, max_new_tokens: int, eos_token_id: int | None = None,
             pad_token_id: int = 0, do_sample: bool = False, temperature: float = 1.0, top_k: int | None = None,
             top_p: float | None = None, generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 输出先填满 pad_token_id，每条序列一个 `done` 标志；prefill 一次；然后每一步：
    # 取下一个 token 的分数，贪心或 温度 -> top-k -> top-p -> multinomial，已结束的填 padding，
    # 标记 EOS，全部结束就停止，把新 token 连同 cache 喂给模型（约 25 行）
    raise NotImplementedError
