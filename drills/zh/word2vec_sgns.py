"""词向量负采样(SGNS) Word2vec skip-gram with negative sampling

word2vec 的 skip-gram 负采样训练（Mikolov 等人，2013）中的两个部件。

1. `sgns_loss(W_in, W_out, center, context, negatives) -> scalar`：W_in (V, D) 是输入（"中心词"）
   向量，W_out (V, D) 是输出（"上下文"）向量；center (B,)、context (B,) 和 negatives (B, K) 是取值
   在 [0, V) 内的 long 型 id。记 v = W_in[center[b]]，u = W_out[context[b]]，
   n_k = W_out[negatives[b, k]]，第 b 对的损失为

       -log σ(u · v) - Σ_k log σ(-n_k · v)        (σ the sigmoid; the K negatives are summed)

   结果是它在 B 对上的平均（一个 0 维张量）。点积达到 ±1000 时也必须保持有限（浮点下 σ(-1000)
   为 0，但它的 log 不能是 -inf：要数值稳定地计算 log σ(x)）。梯度流向 W_in 和 W_out。
2. `sample_negatives(counts, batch_size, k, generator=None) -> (batch_size, k) long`：counts (V,)
   是词频（>= 0 的整数，至少有一个为正）。每个 id 都独立地（有放回地）从 3/4 次方后的 unigram
   分布中采样：

       P(w) = counts[w] ** 0.75 / Σ_w' counts[w'] ** 0.75

   （从未出现过的词永远不会被采到）。所有随机性都取自 `generator`。
- 输出与输入在同一设备上；损失的 dtype 与 W_in 相同；不修改输入。

示例:
    >>> W_in = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    >>> W_out = torch.tensor([[0.5, 0.5], [1.0, -1.0], [0.0, 2.0]])
    >>> center, context = torch.tensor([0, 2]), torch.tensor([1, 0])
    >>> negatives = torch.tensor([[2, 1], [1, 1]])
    >>> sgns_loss(W_in, W_out, center, context, negatives)   # pair 0: u·v = 1, n·v = 0 and 1
    tensor(2.0096)
    >>> counts = torch.tensor([16, 1, 0, 81])                 # to the 3/4: 8, 1, 0, 27
    >>> sample_negatives(counts, 2, 3, generator=torch.Generator().manual_seed(0)).shape
    torch.Size([2, 3])
    >>> # each id is 0, 1 or 3 with probabilities 8/36, 1/36 and 27/36; never 2
"""
import torch


def sgns_loss(W_in: torch.Tensor, W_out: torch.Tensor, center: torch.Tensor, context: torch.Tensor,
              negatives: torch.Tensor) -> torch.Tensor:
    # TODO: 查出 v、u 和负样本的向量，算点积，对正样本取 +、负样本取 - 后求数值稳定的
    # log-sigmoid，负样本沿 K 求和，再对 batch 取平均（约 5 行）
    raise NotImplementedError


def sample_negatives(counts: torch.Tensor, batch_size: int, k: int,
                     generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 权重为 counts ** 0.75，按它有放回地采 batch_size * k 次，再 reshape
    # （约 3 行）
    raise NotImplementedError
