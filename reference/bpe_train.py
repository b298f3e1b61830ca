import re
from collections import Counter

WORDS = r"\s*\S+|\s+"           # a word with the whitespace before it; trailing whitespace on its own


def _merge(ids: list[int], pair: tuple[int, int], new: int) -> list[int]:
    out, i = [], 0
    while i < len(ids):
        if i + 1 < len(ids) and (ids[i], ids[i + 1]) == pair:      # left to right, without overlap
            out.append(new)
            i += 2
        else:
            out.append(ids[i])
            i += 1
    return out


def train_bpe(text: str, vocab_size: int) -> list[tuple[int, int]]:
    # each distinct word once, with its count: pairs are counted inside words only
    words = [(list(w.encode("utf-8")), n) for w, n in Counter(re.findall(WORDS, text)).items()]
    merges = []
    while 256 + len(merges) < vocab_size:
        counts = Counter()
        for ids, n in words:                                        # counted afresh after every merge
            for pair in zip(ids, ids[1:]):
                counts[pair] += n
        if not counts:
            break                                                   # every word is a single token
        best = min(counts, key=lambda p: (-counts[p], p))           # most frequent; ties: smallest ids
        merges.append(best)
        words = [(_merge(ids, best, 255 + len(merges)), n) for ids, n in words]
    return merges


def encode(text: str, merges: list[tuple[int, int]]) -> list[int]:
    rank = {pair: i for i, pair in enumerate(merges)}
    out = []
    for word in re.findall(WORDS, text):
        ids = list(word.encode("utf-8"))
        while len(ids) > 1:
            pair = min(zip(ids, ids[1:]), key=lambda p: rank.get(p, len(merges)))   # the earliest merge
            if pair not in rank:
                break
            ids = _merge(ids, pair, 256 + rank[pair])
        out += ids
    return out


def decode(ids: list[int], merges: list[tuple[int, int]]) -> str:
    vocab = {i: bytes([i]) for i in range(256)}
    for i, (a, b) in enumerate(merges):
        vocab[256 + i] = vocab[a] + vocab[b]
    # a token may end inside a multi-byte character: decode the whole byte string at once
    return b"".join(vocab[i] for i in ids).decode("utf-8", errors="replace")
