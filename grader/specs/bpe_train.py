"""bpe_train: a byte-level BPE tokenizer's training, encoding and decoding, in plain Python. The
merges are graded as a trace, so the first merge that differs is named with the bytes it stands
for; encodings token by token. Particular to it: texts from small alphabets (ties at every step),
multi-byte characters split across tokens, words repeated and overlapping pairs, whitespace runs,
reference-free checks (each merge joins existing tokens; encoding keeps every byte), and the
classic mistakes of other tie rules, pairs across word boundaries, counts not updated after a
merge, word counts ignored, characters for bytes, merges applied out of order, and decoding token
by token."""
import re
from collections import Counter

from hypothesis import strategies as st

from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake, Trace

META = dict(title="Byte-level BPE tokenizer", zh="手写BPE分词器", topic="basics", difficulty="medium", minutes=30,
            oracle="a brute-force merge search over the raw text (every merge recounted from scratch), and "
                   "the round trip decode(encode(text)) == text")
HINTS = [
    "words = Counter(re.findall(r\"\\s*\\S+|\\s+\", text)); keep each distinct word once as "
    "list(word.encode('utf-8')) with its count.",
    "Each round: counts = Counter(); for ids, n in words: for pair in zip(ids, ids[1:]): counts[pair] += n. "
    "best = min(counts, key=lambda p: (-counts[p], p)) — most frequent first, then the smallest pair.",
    "A merge helper: walk the ids left to right; where (ids[i], ids[i + 1]) == pair, emit the new id and skip two. "
    "Apply it to every word, append the pair to merges, and count again.",
    "encode: for each word's bytes, for i, pair in enumerate(merges): ids = merge(ids, pair, 256 + i). decode: "
    "build vocab[256 + i] = vocab[a] + vocab[b] from bytes([i]), join, .decode('utf-8', errors='replace').",
]

WORDS = r"\s*\S+|\s+"


def vocabulary(merges) -> dict:
    vocab = {i: bytes([i]) for i in range(256)}
    for i, pair in enumerate(merges):
        try:
            vocab[256 + i] = vocab[pair[0]] + vocab[pair[1]]
        except (KeyError, TypeError, IndexError):
            break
    return vocab


def shown(token, vocab) -> str:
    return f"{token} = {vocab[token]!r}" if token in vocab else repr(token)


# ---- train_bpe, graded merge by merge -----------------------------------------------------------

def training(train_bpe, case: Case, ns) -> Trace:
    """The learner's merges, one step each, shown with the bytes they make; then how many there are.
    There is a step for every merge vocab_size allows, "none" past the end of the list."""
    text, vocab_size = case.args
    merges = train_bpe(text, vocab_size)
    if not isinstance(merges, (list, tuple)):
        raise TypeError(f"train_bpe should return a list of (a, b) pairs, got {type(merges).__name__}")
    vocab, trace = vocabulary(merges), Trace()
    for i in range(vocab_size - 256):
        pair = merges[i] if i < len(merges) else None
        if pair is None:
            made = "none (training stopped)"
        elif isinstance(pair, (tuple, list)) and len(pair) == 2:
            made = f"({pair[0]}, {pair[1]})" + (f" = {vocab[256 + i]!r}" if 256 + i in vocab else "")
        else:
            made = repr(pair)
        trace.step(f"merge {i + 1} (token {256 + i})", made)
    trace.step("the number of merges", len(merges))
    return trace


def training_inputs(draw) -> Case:
    alphabet = draw(st.sampled_from(["ab ", "abc \n", "ab c", "xyé ", "中文 a"]))
    text = draw(st.text(alphabet=st.sampled_from(list(alphabet)), max_size=40))
    return Case(args=(text, 256 + draw(st.integers(0, 24))))


def long_text(seed: int, words: int) -> str:
    """A text of `words` words drawn, Zipf-like, from a small lexicon (ASCII and not)."""
    import random
    lexicon = ["the", "cat", "sat", "on", "mat", "a", "hat", "that", "then", "theta", "café", "naïve", "中文",
               "数据", "token", "tokens", "tokenizer", "byte", "pair", "encoding", "low", "lower", "lowest"]
    rng = random.Random(seed)
    chosen = rng.choices(lexicon, weights=[1 / (i + 1) for i in range(len(lexicon))], k=words)
    seps = rng.choices([" ", " ", " ", "  ", "\n", ", "], k=words)
    return "".join(w + s for w, s in zip(chosen, seps))


# ---- invariants (no reference needed) ----------------------------------------------------------

def merges_join_known_tokens(call, case):
    """Merge i joins two tokens that exist before it (ids below 256 + i), and is not a pair already merged."""
    _, vocab_size = case.args
    steps = call(case)
    seen = set()
    for i, (label, made) in enumerate(steps[:-1]):
        m = re.match(r"\((\d+), (\d+)\)", made) if isinstance(made, str) else None
        if m is None:
            continue
        a, b = int(m.group(1)), int(m.group(2))
        if a >= 256 + i or b >= 256 + i:
            raise Fail(f"{label} is ({a}, {b}), but only tokens 0..{255 + i} exist before it: merge i creates "
                       f"token 256 + i")
        if (a, b) in seen:
            raise Fail(f"{label} merges ({a}, {b}) again: once merged, that pair is gone from every word")
        seen.add((a, b))


# ---- encode, graded token by token -------------------------------------------------------------

def encoding(encode, case: Case, ns) -> Trace:
    """The learner's ids, one step per possible token (a text of n bytes has at most n), then the count."""
    text, merges = case.args
    ids = encode(text, merges)
    if not isinstance(ids, (list, tuple)):
        raise TypeError(f"encode should return a list of ints, got {type(ids).__name__}")
    vocab, trace = vocabulary(merges), Trace()
    for i in range(len(text.encode("utf-8"))):
        trace.step(f"token {i}", shown(ids[i], vocab) if i < len(ids) else "none (the ids ended)")
    trace.step("the number of tokens", len(ids))
    return trace


def encode_case(text, corpus, vocab_size, label=""):
    return Case(args=(text, right_train(corpus, vocab_size)), label=label)


def encode_inputs(draw) -> Case:
    alphabet = draw(st.sampled_from(["ab ", "abc \n", "xyé ", "中文 a"]))
    letters = st.sampled_from(list(alphabet))
    corpus, text = draw(st.text(alphabet=letters, max_size=40)), draw(st.text(alphabet=letters, max_size=30))
    return encode_case(text, corpus, 256 + draw(st.integers(0, 16)))


def keeps_every_byte(call, case):
    """The tokens' bytes, by the merges given, are the text's bytes."""
    text, merges = case.args
    steps = call(case)
    vocab = vocabulary(merges)
    ids = [int(made.split(" = ")[0]) for _, made in steps[:-1] if isinstance(made, str) and " = " in made]
    unknown = [t for t in ids if t not in vocab]
    if unknown:
        raise Fail(f"token {unknown[0]} is neither a byte (0..255) nor made by a merge (256..{255 + len(merges)})")
    got = b"".join(vocab[t] for t in ids)
    if got != text.encode("utf-8"):
        raise Fail(f"the tokens stand for the bytes {got[:40]!r}, not the text's {text.encode('utf-8')[:40]!r}: "
                   f"encoding must keep every byte")


# ---- decode ------------------------------------------------------------------------------------

def decode_case(ids, merges, label=""):
    return Case(args=(list(ids), merges), label=label)


def decode_inputs(draw) -> Case:
    alphabet = draw(st.sampled_from(["ab ", "xyé ", "中文 a"]))
    letters = st.sampled_from(list(alphabet))
    corpus = draw(st.text(alphabet=letters, max_size=30))
    merges = right_train(corpus, 256 + draw(st.integers(0, 12)))
    ids = right_encode(draw(st.text(alphabet=letters, max_size=20)), merges)
    if ids and draw(st.booleans()):
        cut = draw(st.integers(0, len(ids) - 1))
        ids = ids[:cut] + ids[cut + 1:]                  # a token missing: possibly half a character
    return decode_case(ids, merges)


# ---- classic mistakes, written as a learner would ----------------------------------------------

def merged(ids, pair, new):
    out, i = [], 0
    while i < len(ids):
        if i + 1 < len(ids) and (ids[i], ids[i + 1]) == pair:
            out.append(new)
            i += 2
        else:
            out.append(ids[i])
            i += 1
    return out


def trainer(ties="smallest", words="regex", recount=True, weighted=True, units="bytes", min_count=1):
    """train_bpe, or one of its classic mistakes."""
    def train_bpe(text, vocab_size):
        pieces = {"regex": re.findall(WORDS, text), "whole text": [text] if text else [],
                  "split": text.split()}[words]
        as_ids = (lambda w: list(w.encode("utf-8"))) if units == "bytes" else (lambda w: [ord(c) for c in w])
        table = [(as_ids(w), n) for w, n in Counter(pieces).items()]
        if not weighted:
            table = [(ids, 1) for ids, _ in table]

        def count():
            counts = Counter()
            for ids, n in table:
                for pair in zip(ids, ids[1:]):
                    counts[pair] += n
            return counts
        merges, counts = [], count()
        while 256 + len(merges) < vocab_size:
            if recount:
                counts = count()
            counts = Counter({p: c for p, c in counts.items() if c > 0})
            if not counts:
                break
            if ties == "first seen":
                best = max(counts, key=counts.get)
            elif ties == "largest":
                best = max(counts, key=lambda p: (counts[p], p))
            else:
                best = min(counts, key=lambda p: (-counts[p], p))
            if counts[best] < min_count:
                break
            merges.append(best)
            table = [(merged(ids, best, 255 + len(merges)), n) for ids, n in table]
            if not recount:
                del counts[best]
        return merges
    return train_bpe


def encoder(words="regex", order="rank", units="bytes", once=False):
    """encode, or one of its classic mistakes."""
    def encode(text, merges):
        pieces = re.findall(WORDS, text) if words == "regex" else ([text] if text else [])
        out = []
        for word in pieces:
            ids = list(word.encode("utf-8")) if units == "bytes" else [ord(c) for c in word]
            if order == "rank":
                for i, pair in enumerate(merges):
                    if once and pair in zip(ids, ids[1:]):
                        j = list(zip(ids, ids[1:])).index(pair)
                        ids = ids[:j] + [256 + i] + ids[j + 2:]
                    elif not once:
                        ids = merged(ids, pair, 256 + i)
            elif order == "left to right":
                rank = {p: i for i, p in enumerate(merges)}
                changed = True
                while changed:
                    changed = False
                    for j in range(len(ids) - 1):
                        if (ids[j], ids[j + 1]) in rank:
                            ids = ids[:j] + [256 + rank[(ids[j], ids[j + 1])]] + ids[j + 2:]
                            changed = True
                            break
            else:                                      # greedy longest match over the vocabulary
                vocab = vocabulary(merges)
                by_bytes = {v: k for k, v in vocab.items()}
                data, ids, i = word.encode("utf-8"), [], 0
                while i < len(data):
                    j = max(j for j in range(i + 1, len(data) + 1) if data[i:j] in by_bytes)
                    ids.append(by_bytes[data[i:j]])
                    i = j
            out += ids
        return out
    return encode


def decoder(per_token=False, errors="replace", codec="utf-8"):
    def decode(ids, merges):
        vocab = vocabulary(merges)
        if per_token:
            return "".join(vocab[i].decode(codec, errors=errors) for i in ids)
        return b"".join(vocab[i] for i in ids).decode(codec, errors=errors)
    return decode


# The prompt's rules, with no mistake switched on: the merges and ids that encode's and decode's inputs use.
right_train, right_encode = trainer(), encoder()

TIES = "ties broken differently from the prompt's rule: among equally frequent pairs take the smallest (a, b)"
ACROSS = ("merges across word boundaries: split the text with re.findall(r\"\\s*\\S+|\\s+\", text); pairs are "
          "counted and merged inside words only")
CHARS = "characters instead of UTF-8 bytes (ord(c) is not a byte for é or 中): work on list(word.encode('utf-8'))"

TRAIN = Entry(
    "train_bpe",
    inputs=training_inputs,
    run=training,
    examples=[
        Case(args=("aaa aab aab", 259), label="the prompt's example"),
        Case(args=("ab ab ba ba cd", 262), label="ties from the first merge on"),
        Case(args=("low lower lowest low low", 270), label="words repeated, merges run out before vocab_size"),
        Case(args=("aaaaaa aaaa", 262), label="overlapping pairs"),
        Case(args=("the cat  sat\non\tthe mat ", 266), label="runs of whitespace, trailing whitespace"),
        Case(args=("café naïve café 中文 中文", 264), label="characters of two and three bytes"),
        Case(args=("", 260), label="an empty text: no merge"),
        Case(args=("hello", 256), label="vocab_size 256: no merge"),
        Case(args=("x", 300), label="one byte: nothing to merge"),
    ],
    extreme=[Case(args=(long_text(1, 400), 320), label="400 words, 64 merges")],
    invariants=[Invariant("merges join tokens that exist", merges_join_known_tokens)],
    mistakes=[
        Mistake(TIES, like=trainer(ties="first seen"),
                hint="Break ties explicitly: best = min(counts, key=lambda p: (-counts[p], p)). max(counts, "
                     "key=counts.get) returns the first pair seen among equals."),
        Mistake(TIES, like=trainer(ties="largest")),
        Mistake(ACROSS, like=trainer(words="whole text")),
        Mistake("counts not updated after a merge: count the pairs again after every merge (merging changes "
                "its neighbours' counts)", like=trainer(recount=False),
                hint="After merging (a, b), the pairs around it change: count all pairs afresh each round."),
        Mistake("word counts ignored: a word that occurs n times contributes its pairs n times",
                like=trainer(weighted=False)),
        Mistake(CHARS, like=trainer(units="chars")),
        Mistake("whitespace dropped (text.split()): the words keep the whitespace before them",
                like=trainer(words="split")),
        Mistake("training stops when the best pair occurs once: keep merging while some word has two tokens",
                like=trainer(min_count=2)),
    ],
    grad=False,
    device=False,
)

ENCODE = Entry(
    "encode",
    inputs=encode_inputs,
    run=encoding,
    examples=[
        encode_case("aab aaa", "aaa aab aab", 259, "the prompt's example"),
        encode_case("the theta then that", "the cat sat on the mat then that theta", 275,
                    "merges learned on another text"),
        encode_case("aaaaa", "aaaa aaaa aaaa", 260, "runs of one byte: left to right, no overlap"),
        encode_case("abc", "ab ab bc bc bc", 258, "(b, c) learned before (a, b): the earlier merge wins"),
        encode_case("中文, café!", "中文 中文 café", 262, "multi-byte characters, bytes never seen"),
        encode_case("", "abc abc", 260, "an empty text"),
        encode_case("  x ", "x x", 258, "whitespace only words"),
        Case(args=("abc", [(98, 99), (97, 98)]), label="merges given by hand: (b, c) before (a, b)"),
        Case(args=("ha ha\nah", [(97, 32), (104, 97), (257, 256)]),
             label="merges given by hand that join a word's end to the next word's start: never applied"),
    ],
    extreme=[Case(args=(long_text(2, 300), right_train(long_text(3, 400), 320)), label="300 words, 64 merges")],
    invariants=[Invariant("encoding keeps every byte", keeps_every_byte)],
    mistakes=[
        Mistake(ACROSS, like=encoder(words="whole text")),
        Mistake("merges applied where they are found, left to right: apply them in the order they were learned "
                "(the earliest-learned pair first)", like=encoder(order="left to right")),
        Mistake("greedy longest match over the vocabulary (that is WordPiece, not BPE): apply the merges in the "
                "order they were learned", like=encoder(order="longest")),
        Mistake(CHARS, like=encoder(units="chars")),
        Mistake("each merge applied only at its first occurrence in a word: replace every occurrence",
                like=encoder(once=True)),
    ],
    grad=False,
    device=False,
)

DECODE = Entry(
    "decode",
    inputs=decode_inputs,
    examples=[
        decode_case([256, 98, 257, 97], [(97, 97), (32, 256), (257, 98)], "the prompt's example"),
        decode_case([228, 184], [], "two of the three bytes of 中"),
        decode_case(right_encode("中文 café", right_train("中 文", 258)), right_train("中 文", 258),
                    "characters split across tokens"),
        decode_case([], [(97, 98)], "no ids"),
        decode_case([104, 105, 33, 32, 233], [], "a lone byte 0xe9 (é in Latin-1, not UTF-8)"),
    ],
    mistakes=[
        Mistake("each token decoded on its own: a character split across tokens breaks; join all the bytes, then "
                "decode once", like=decoder(per_token=True),
                hint="b''.join(vocab[i] for i in ids).decode('utf-8', errors='replace'): decode once, at the end."),
        Mistake("decoded with errors='strict' (the default): ids may end inside a character; use errors='replace'",
                like=decoder(errors="strict"), error=r"UnicodeDecodeError|can't decode byte"),
        Mistake("decoded as Latin-1: the bytes are UTF-8", like=decoder(codec="latin-1")),
    ],
    grad=False,
    device=False,
)

DRILL = Drill(entries=[TRAIN, ENCODE, DECODE])
