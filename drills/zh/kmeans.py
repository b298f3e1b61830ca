"""K均值聚类(k-means++初始化) K-means with k-means++ seeding

实现三个函数。`x` 始终是 n 个点组成的浮点张量 (n, d)；结果都在 x 所在的设备上，浮点结果的 dtype
与 x 相同。距离为欧氏距离。不要对点写 Python 循环（对 k 个种子或对迭代次数循环没问题），也不要原地
修改 `x`。

`kmeans_pp_init(x, k, generator=None)` 在这些点中选出 k 个种子（k-means++）：

- 第一个种子从 n 个点中均匀抽取。之后每个种子的抽取概率与 D(i)² 成正比，其中 D(i) 是点 i 到目前为止
  已选种子中最近的那个的距离。（与某个种子重合的点 D = 0：永远不会被抽中。）
- 1 <= k <= n，且 x 中至少有 k 个不同的点。
- 返回一个 LongTensor (k,)，是 x 的行下标，按抽取顺序排列。
- 所有随机性都从 `generator` 中取（torch.randint(n, (1,), generator=generator,
  device=x.device)、torch.multinomial(weights, 1, generator=generator)）。任何按这些概率抽取的方式
  都算对：评测是统计性的，看多次抽取中整个种子序列的频率；同一个设定了种子的 generator 必须给出相同
  的种子，而且不能动 torch 的全局随机状态。

`lloyd(x, centroids, max_iters=100)` 从给定的质心 (k, d) 出发运行 Lloyd 算法：

    labels = the nearest centroid of every point
    repeat at most max_iters times:
        each centroid = the mean of the points labelled with it
                        (a centroid with no point keeps its place)
        new = the nearest centroid of every point
        stop if no label changed (new == labels); otherwise labels = new

- 并列：到两个质心距离完全相等的点归入下标较小的质心。
- 返回 (centroids (k, d), labels (n,) long)。`labels` 始终是返回的质心所对应的最近质心分配（在
  max_iters 终止循环时，以及 max_iters=0 时也一样）。
- k 可以是任意 >= 1 的数（甚至大于 n）；质心不必是 x 中的点。

`kmeans(x, k, max_iters=100, generator=None)` 就是完整的算法：
`lloyd(x, x[kmeans_pp_init(x, k, generator)], max_iters)`。它按性质评测（种子是随机的）：labels 是
最近的质心，每个质心是它所在簇的均值，所有随机性都来自 `generator`。

不允许使用 scikit-learn：这道题就是要你自己写。

示例:
    >>> x = torch.tensor([[0.0, 0.0], [1.0, 0.0], [10.0, 0.0], [11.0, 0.0]])
    >>> kmeans_pp_init(x, 2, generator=torch.Generator().manual_seed(0))
    tensor([0, 2])                     # first uniform; with seed 0 first, the second is 1, 2 or 3
                                       # with probabilities 1/222, 100/222, 121/222 (D² = 1, 100, 121)
    >>> lloyd(x, torch.tensor([[0.0, 0.0], [1.0, 0.0]]))
    (tensor([[ 0.5000,  0.0000],       # labels [0, 1, 1, 1] -> centroids 0 and 22/3 -> labels
             [10.5000,  0.0000]]),     # [0, 0, 1, 1] -> centroids 0.5 and 10.5 -> no change: stop
     tensor([0, 0, 1, 1]))
"""
import torch


def kmeans_pp_init(x: torch.Tensor, k: int, generator: torch.Generator | None = None) -> torch.Tensor:
    # TODO: 第一个种子均匀抽取；然后维护到最近种子的 D²，按 ∝ D² 抽取 k - 1 次（约 7 行）
    raise NotImplementedError


def lloyd(x: torch.Tensor, centroids: torch.Tensor, max_iters: int = 100) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 最近质心的标签；更新均值（空簇保持不动）；重新分配；没有变化时
    # 停止（约 12 行）
    raise NotImplementedError


def kmeans(x: torch.Tensor, k: int, max_iters: int = 100,
           generator: torch.Generator | None = None) -> tuple[torch.Tensor, torch.Tensor]:
    # TODO: 用 kmeans_pp_init 选种子，然后运行 lloyd（约 1 行）
    raise NotImplementedError
