"""WordPiece分词 WordPiece tokenizer

把文本切成 WordPiece token，做法与给定词表后的 BERT 分词器相同。用纯 Python 最自然
（不需要 torch）。

`wordpiece_tokenize(text, vocab, unk_token="[UNK]", max_chars=100) -> list[str]`

- 词：`text.split()`，即连续的非空白字符（空格、制表符和换行都分隔词；标点不单独切开）。
  每个词单独切分，按顺序返回所有词的 token。
- 贪心最长匹配优先：从词的开头起，取在 `vocab` 中的最长子串，然后从它结束处继续。第一个片段之后的
  每个片段都要在前面加上续接前缀 "##" 再查（"##able"）；第一个片段按原样查（"un"）。
  所以词表含 "un"、"##aff"、"##able" 时，"unaffable" 得到
  ["un", "##aff", "##able"]。
- 一个词如果无法覆盖到结尾（在某个位置，没有任何子串（连同前缀）在 `vocab` 中），就整体变成单个
  token `unk_token`，不管在该位置之前已经找到了哪些片段。超过 `max_chars` 个字符的词也直接是
  `unk_token`，不做搜索。
- `vocab` 是 token 列表，与 BERT 的 vocab.txt 一样（每行一个 token）；这里顺序无关紧要。
  不能修改输入。

示例:
    >>> vocab = ["[UNK]", "un", "##aff", "##able", "a", "##b", "ab", "##c"]
    >>> wordpiece_tokenize("unaffable abc", vocab)      # "ab" is longer than "a"
    ['un', '##aff', '##able', 'ab', '##c']
    >>> wordpiece_tokenize("abd b", vocab)     # no piece covers "d"; "b" alone is only "##b"
    ['[UNK]', '[UNK]']
    >>> wordpiece_tokenize("ab\\tab", vocab, max_chars=1)
    ['[UNK]', '[UNK]']
"""


def wordpiece_tokenize(text: str, vocab: list[str], unk_token: str = "[UNK]", max_chars: int = 100) -> list[str]:
    # TODO: 对 text.split() 的每个词：从每个起点做最长匹配，第一个片段之后加 "##"；
    # 某个位置匹配不上时整个词变成 unk_token（约 20 行）
    raise NotImplementedError
