import re

SPLIT = re.compile(r"\s*\S+|\s+")


def train_bpe(text: str, vocab_size: int) -> list[tuple[int, int]]:
    # every occurrence of every word kept as its own list: no word counts needed
    seqs = [list(m.group().encode()) for m in SPLIT.finditer(text)]
    merges = []
    for new in range(256, vocab_size):
        counts = {}
        for s in seqs:
            for a, b in zip(s, s[1:]):
                counts[(a, b)] = counts.get((a, b), 0) + 1
        if not counts:
            break
        best = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        merges.append(best)
        for s in seqs:
            i = 0
            while i + 1 < len(s):
                if (s[i], s[i + 1]) == best:
                    s[i:i + 2] = [new]
                i += 1
    return merges


def encode(text: str, merges: list[tuple[int, int]]) -> list[int]:
    seqs = [list(m.group().encode()) for m in SPLIT.finditer(text)]
    for k, (a, b) in enumerate(merges):
        for s in seqs:
            i = 0
            while i + 1 < len(s):
                if s[i] == a and s[i + 1] == b:
                    s[i:i + 2] = [256 + k]
                i += 1
    return [t for s in seqs for t in s]


def decode(ids: list[int], merges: list[tuple[int, int]]) -> str:
    table = [bytes([i]) for i in range(256)]
    for a, b in merges:
        table.append(table[a] + table[b])
    return bytearray().join(table[i] for i in ids).decode(errors="replace")
