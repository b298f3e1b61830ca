"""Byte-level BPE tokenizer 手写BPE分词器

Train a byte-pair-encoding tokenizer, as GPT-2's is built: start from the 256 byte values and
repeatedly merge the most frequent adjacent pair into a new token. Write three functions; plain
Python is the natural tool (no torch needed).

Words. Text is split into words with `re.findall(r"\\s*\\S+|\\s+", text)`: a run of non-space
characters together with the whitespace before it ("the cat" -> "the", " cat"), and trailing
whitespace on its own. Each word is its UTF-8 bytes, token ids 0..255 ("é" is two bytes). Pairs
never cross words.

1. `train_bpe(text, vocab_size) -> merges`: a list of (a, b) pairs of token ids; merge i creates
   token 256 + i, standing for the bytes of a followed by those of b. Repeat until there are
   vocab_size - 256 merges, or no word has two tokens left:
   - count every adjacent pair in every word of the text (a word that occurs 5 times counts 5
     times; overlapping pairs count: "aaa" holds (97, 97) twice);
   - pick the most frequent pair; ties go to the smallest pair, comparing (a, b) as tuples of
     ints ((32, 116) before (97, 98) before (97, 99));
   - replace it in every word, left to right without overlap ("aaa" -> [256, 97]);
   - count again: counts change after every merge.
2. `encode(text, merges) -> ids`: split into words the same way; in each word apply the merges
   in the order they were learned (merge 0 everywhere, then merge 1, ...: the same as merging
   the earliest-learned pair present until none is left); return the ids of all words in order
   (a list of ints).
3. `decode(ids, merges) -> str`: the bytes of the tokens joined, decoded as UTF-8 with
   errors="replace" (ids may split a character; decode the whole byte string at once, so that a
   character split across tokens comes back whole).
- decode(encode(text, merges), merges) == text for any text. Inputs are not modified.

Example:
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
    # TODO: words with their counts as lists of byte ids; loop: count pairs, take the most frequent
    # (ties: smallest), merge it in every word (about 20 lines with a merge helper)
    raise NotImplementedError


def encode(text: str, merges: list[tuple[int, int]]) -> list[int]:
    # TODO: split into words, apply the merges in order to each word's bytes (about 8 lines)
    raise NotImplementedError


def decode(ids: list[int], merges: list[tuple[int, int]]) -> str:
    # TODO: the bytes of every token, joined, decoded with errors="replace" (about 5 lines)
    raise NotImplementedError
