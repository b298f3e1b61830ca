"""环形全归约 Ring all-reduce

模拟 N 个 rank 上的环形 all-reduce：每个 rank 最终得到所有 rank 张量的逐元素和，而每个 rank 只发送
约 2 (N - 1) / N 倍于自身张量大小的数据——这正是环形算法的意义所在。`tensors[r]` 是 rank r 的张量；
所有张量形状和 dtype 都相同。

环：rank r 只向 rank (r + 1) % N 发送。每个 rank 的张量先展平，再用 `flat.tensor_split(N)` 切成 N 块
（各块大小最多相差一：前 size % N 块多一个元素；size < N 时有些块为空）。`chunks[r][c]` 是 rank r 的
第 c 块。每一步所有 rank 同时各发送一块，所以一个 rank 发出的是它在这一步之前的那块数据。

- `reduce_scatter_step(chunks, step)`：每个 rank r 把自己的第 (r - step) % N 块发给 rank
  (r + 1) % N，接收方把它加到自己同一编号的块上。做完第 0 .. N - 2 步后，rank r 持有第 (r + 1) % N
  块的完整和（其他块是部分和）。
- `all_gather_step(chunks, step)`：每个 rank r 把自己的第 (r + 1 - step) % N 块发给 rank
  (r + 1) % N，接收方用它替换自己同一编号的块。做完第 0 .. N - 2 步后，每个 rank 都持有所有完整
  归约的块。
- 两者都返回 `(new_chunks, sent)`：这一步之后各 rank 的块，是与 `chunks` 结构相同的列表的列表
  （不能原地修改传入的张量；这一步没动的块可以是同一个张量对象），以及 `sent[r]`，即 rank r 在这一步
  发送的字节数（`numel() *
  element_size()`），一个 Python int。
- `ring_allreduce(tensors)`：切块，做 N - 1 步 reduce-scatter，再做 N - 1 步 all-gather，然后把每个
  rank 的块拼回输入的形状。返回 `(results, bytes_sent)`：results[r] 是 rank r 的张量（求和结果，形状、
  dtype 和设备与输入相同），bytes_sent[r] 是 rank r 在两个阶段共发送的字节数。N 整除 size 时它等于
  2 (N - 1) / N · size · element_size；块大小不均时，它取决于该 rank 发了哪些块，所以要严格按上面的
  调度来做。N = 1 时什么都不发。
- 和是通过这些步骤累加出来的，所以每一块按环的顺序求和：第 c 块是按 rank c, c + 1, ...（模 N）
  依次算出的 ((x_c + x_{c+1}) + x_{c+2}) + ...。浮点舍入会体现出求和顺序，而且会被评分：
  直接把各 rank 的张量相加，得到的比特位会不同。
- 梯度要能传到每个输入张量。不要对元素写 Python 循环（对 rank 和步骤的循环就是算法本身）。
  不要调用 torch.distributed。

示例（N = 3 个 rank，每个 5 个元素：块大小为 2、2、1；float32 是 4 字节）:
    >>> tensors = [torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0]) * (r + 1) for r in range(3)]
    >>> chunks = [list(t.tensor_split(3)) for t in tensors]
    >>> chunks, sent = reduce_scatter_step(chunks, 0)   # rank r sends its chunk r
    >>> chunks[1][0], sent                         # rank 1 added rank 0's chunk 0
    (tensor([3., 6.]), [8, 8, 4])
    >>> results, bytes_sent = ring_allreduce(tensors)
    >>> results[2], bytes_sent            # the sum on every rank; ~2 · 2/3 · 20 bytes
    (tensor([ 6., 12., 18., 24., 30.]), [28, 28, 24])
"""
import torch


def reduce_scatter_step(chunks: list[list[torch.Tensor]], step: int) -> tuple[list[list[torch.Tensor]], list[int]]:
    # TODO: 新建列表；每个 rank r 把自己的第 (r - step) % N 块加到 rank (r + 1) % N 的同号块上；统计字节数（约 8 行）
    raise NotImplementedError


def all_gather_step(chunks: list[list[torch.Tensor]], step: int) -> tuple[list[list[torch.Tensor]], list[int]]:
    # TODO: 同 reduce_scatter_step，但第 (r + 1 - step) % N 块替换接收方的块（约 8 行）
    raise NotImplementedError


def ring_allreduce(tensors: list[torch.Tensor]) -> tuple[list[torch.Tensor], list[int]]:
    # TODO: 对每个展平的张量做 tensor_split，两个阶段各 N - 1 步，再拼接回去（约 10 行）
    raise NotImplementedError
