import re


def _pieces(word, vocab, prefix=""):
    """The greedy pieces of word, or None when some position has no piece."""
    if not word:
        return []
    match = next((word[:n] for n in range(len(word), 0, -1) if prefix + word[:n] in vocab), None)
    if match is None:
        return None
    rest = _pieces(word[len(match):], vocab, "##")
    return None if rest is None else [prefix + match] + rest


def wordpiece_tokenize(text, vocab, unk_token="[UNK]", max_chars=100):
    out = []
    for word in re.findall(r"\S+", text):
        pieces = _pieces(word, vocab) if len(word) <= max_chars else None
        out.extend([unk_token] if pieces is None else pieces)
    return out
