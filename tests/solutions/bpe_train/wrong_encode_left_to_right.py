import re
from collections import Counter

EXPECT = {
    'encode: values': 'merges applied where they are found, left to right: apply them in the order they were learned (the earliest-learned pair first)',
}

PAT = r"\s*\S+|\s+"


def get_stats(words):
    counts = Counter()
    for ids, n in words.items():
        for pair in zip(ids, ids[1:]):
            counts[pair] += n
    return counts


def merge(ids, pair, idx):
    out = []
    i = 0
    while i < len(ids):
        if i < len(ids) - 1 and ids[i] == pair[0] and ids[i + 1] == pair[1]:
            out.append(idx)
            i += 2
        else:
            out.append(ids[i])
            i += 1
    return out


def train_bpe(text, vocab_size):
    words = Counter(tuple(w.encode("utf-8")) for w in re.findall(PAT, text))
    merges = []
    for i in range(vocab_size - 256):
        stats = get_stats(words)
        if not stats:
            break
        pair = max(stats, key=lambda p: (stats[p], -p[0], -p[1]))
        merges.append(pair)
        new_words = Counter()
        for ids, n in words.items():
            new_words[tuple(merge(list(ids), pair, 256 + i))] += n
        words = new_words
    return merges


def encode(text, merges):
    out = []
    for w in re.findall(PAT, text):
        ids = list(w.encode("utf-8"))
        rank = {pair: i for i, pair in enumerate(merges)}
        i = 0
        while i < len(ids) - 1:                               # merge wherever a known pair is found
            if (ids[i], ids[i + 1]) in rank:
                ids[i:i + 2] = [256 + rank[ids[i], ids[i + 1]]]
                i = max(i - 1, 0)
            else:
                i += 1
        out.extend(ids)
    return out


def decode(ids, merges):
    vocab = {i: bytes([i]) for i in range(256)}
    for i, (a, b) in enumerate(merges):
        vocab[256 + i] = vocab[a] + vocab[b]
    return b"".join(vocab[i] for i in ids).decode("utf-8", errors="replace")
