import re
from collections import Counter, defaultdict


def _pairs(ids):
    return Counter(zip(ids, ids[1:]))


def _merge(ids, pair, new):
    out, i = [], 0
    while i < len(ids):
        if ids[i:i + 2] == list(pair):
            out.append(new)
            i += 2
        else:
            out.append(ids[i])
            i += 1
    return out


def train_bpe(text, vocab_size):
    """Pair counts kept up to date: only the words holding the merged pair are counted again."""
    freq = Counter(re.findall(r"\s*\S+|\s+", text))
    words = [list(w.encode("utf-8")) for w in freq]
    n = list(freq.values())
    counts, where = Counter(), defaultdict(set)
    for j, ids in enumerate(words):
        for pair, c in _pairs(ids).items():
            counts[pair] += c * n[j]
            where[pair].add(j)
    merges = []
    while len(merges) < vocab_size - 256:
        live = [(c, p) for p, c in counts.items() if c > 0]
        if not live:
            break
        top = max(c for c, _ in live)
        pair = min(p for c, p in live if c == top)
        new = 256 + len(merges)
        merges.append(pair)
        for j in sorted(where[pair]):
            before = _pairs(words[j])
            words[j] = _merge(words[j], pair, new)
            after = _pairs(words[j])
            for p in before | after:
                counts[p] += (after[p] - before[p]) * n[j]
                if after[p]:
                    where[p].add(j)
    return merges


def encode(text, merges):
    rank = {p: i for i, p in enumerate(merges)}
    ids = []
    for word in re.findall(r"\s*\S+|\s+", text):
        w = list(word.encode("utf-8"))
        while True:                                    # merge the earliest-learned pair present
            found = [p for p in zip(w, w[1:]) if p in rank]
            if not found:
                break
            best = min(found, key=rank.get)
            w = _merge(w, best, 256 + rank[best])
        ids += w
    return ids


def decode(ids, merges):
    def expand(t):
        if t < 256:
            return bytes([t])
        a, b = merges[t - 256]
        return expand(a) + expand(b)
    return b"".join(expand(t) for t in ids).decode("utf-8", errors="replace")
