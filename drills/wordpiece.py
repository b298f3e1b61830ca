"""WordPiece tokenizer WordPiece分词

Split text into WordPiece tokens, as BERT's tokenizer does once its vocabulary is given. Plain
Python is the natural tool (no torch needed).

`wordpiece_tokenize(text, vocab, unk_token="[UNK]", max_chars=100) -> list[str]`

- Words: `text.split()`, runs of non-whitespace characters (spaces, tabs and newlines all
  separate words; punctuation is not split off). Each word is tokenized on its own and the
  tokens of all words are returned in order.
- Greedy longest match first: from the start of the word, take the LONGEST substring that is in
  `vocab`, then continue from where it ended. Every piece after the first is looked up with the
  continuation prefix "##" in front ("##able"); the first piece is looked up as it is ("un").
  So "unaffable" with a vocabulary holding "un", "##aff", "##able" gives
  ["un", "##aff", "##able"].
- A word that cannot be covered to its end (at some position no substring, with its prefix, is
  in `vocab`) becomes the single token `unk_token`, whatever pieces were found before that
  position. A word of more than `max_chars` characters is `unk_token` too, without a search.
- `vocab` is the list of tokens, as in BERT's vocab.txt (one token a line); the order does not
  matter here. Inputs are not modified.

Example:
    >>> vocab = ["[UNK]", "un", "##aff", "##able", "a", "##b", "ab", "##c"]
    >>> wordpiece_tokenize("unaffable abc", vocab)      # "ab" is longer than "a"
    ['un', '##aff', '##able', 'ab', '##c']
    >>> wordpiece_tokenize("abd b", vocab)     # no piece covers "d"; "b" alone is only "##b"
    ['[UNK]', '[UNK]']
    >>> wordpiece_tokenize("ab\\tab", vocab, max_chars=1)
    ['[UNK]', '[UNK]']
"""


def wordpiece_tokenize(text: str, vocab: list[str], unk_token: str = "[UNK]", max_chars: int = 100) -> list[str]:
    # TODO: for each word of text.split(): longest match first from each start, "##" after the first
    # piece; unk_token for the whole word when a position cannot be matched (about 20 lines)
    raise NotImplementedError
