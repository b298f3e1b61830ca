import re
from collections import Counter

EXPECT = {
    'train_bpe: values': "characters instead of UTF-8 bytes (ord(c) is not a byte for é or 中): work on list(word.encode('utf-8'))",
    'train_bpe: merges join tokens that exist': '',
    'encode: values': "characters instead of UTF-8 bytes (ord(c) is not a byte for é or 中): work on list(word.encode('utf-8'))",
    'encode: encoding keeps every byte': '',
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
    words = Counter(tuple(ord(c) for c in w) for w in re.findall(PAT, text))
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
        ids = [ord(c) for c in w]
        for i, pair in enumerate(merges):
            ids = merge(ids, pair, 256 + i)
        out.extend(ids)
    return out


def decode(ids, merges):
    vocab = {i: bytes([i]) for i in range(256)}
    for i, (a, b) in enumerate(merges):
        vocab[256 + i] = vocab[a] + vocab[b]
    return b"".join(vocab[i] for i in ids).decode("utf-8", errors="replace")
