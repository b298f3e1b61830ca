"""手写BPE分词器 Byte-level BPE tokenizer

训练一个字节对编码（BPE）分词器，做法与 GPT-2 相同：从 256 个字节值出发，反复把出现最频繁的
相邻 pair 合并成一个新 token。实现三个函数；用纯 Python 最自然（不需要 torch）。

词。用 `re.findall(r"\\s*\\S+|\\s+", text)` 把文本切成词：一段非空白字符连同它前面的空白
（"the cat" -> "the"、" cat"），末尾的空白单独成词。每个词是它的 UTF-8 字节，token id 为 0..255
（"é" 是两个字节）。pair 永远不跨词。

1. `train_bpe(text, vocab_size) -> merges`：由 token id 组成的 (a, b) pair 列表；第 i 次合并产生
   token 256 + i，代表 a 的字节后接 b 的字节。重复直到有 vocab_size - 256 次合并，或者没有哪个词
   还剩两个 token：
   - 统计文本中每个词里的每个相邻 pair（出现 5 次的词计 5 次；重叠的 pair 也计入："aaa" 含
     两次 (97, 97)）；
   - 取出现次数最多的 pair；次数相同时取最小的 pair，把 (a, b) 当作整数元组比较
     （(32, 116) 在 (97, 98) 之前，(97, 98) 在 (97, 99) 之前）；
   - 在每个词中从左到右、不重叠地替换它（"aaa" -> [256, 97]）；
   - 重新计数：每次合并后计数都会变。
2. `encode(text, merges) -> ids`：用同样的方式切词；在每个词里按学到的顺序应用合并（先在各处做
   第 0 次合并，再做第 1 次，……：等价于反复合并词中最早学到的 pair，直到没有可合并的为止）；
   按顺序返回所有词的 id（一个整数列表）。
3. `decode(ids, merges) -> str`：把各 token 的字节拼起来，按 UTF-8 解码，errors="replace"
   （ids 可能把一个字符切开；要对整个字节串一次性解码，这样被切到不同 token 里的字符能完整还原）。
- 对任意文本，decode(encode(text, merges), merges) == text。不能修改输入。

示例:
    >>> merges = train_bpe("aaa aab aab", vocab_size=259)
    >>> merges     # (97, 97) occurs 4 times; then ' ' + 'aa' ties with 'aa' + 'b' (2 each)
    [(97, 97), (32, 256), (257, 98)]
    >>> encode("aab aaa", merges)         # words "aab", " aaa"
    [256, 98, 257, 97]
    >>> decode([256, 98, 257, 97], merges)
    'aab aaa'
    >>> decode([228, 184], [])            # the first two of the 3 bytes of 中
    '�'
"""


def train_bpe(text: str, vocab_size: int) -> list[tuple[int, int]]:
    # TODO: 把词及其出现次数表示成字节 id 列表；循环：统计 pair，取最频繁的
    # （并列时取最小的），在每个词里合并它（加上一个 merge 辅助函数约 20 行）
    raise NotImplementedError


def encode(text: str, merges: list[tuple[int, int]]) -> list[int]:
    # TODO: 切词，对每个词的字节按顺序应用合并（约 8 行）
    raise NotImplementedError


def decode(ids: list[int], merges: list[tuple[int, int]]) -> str:
    # TODO: 每个 token 的字节拼起来，用 errors="replace" 解码（约 5 行）
    raise NotImplementedError
