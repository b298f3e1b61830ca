"""wordpiece: one plain-Python function, BERT's WordPiece over a given vocabulary, graded token by
token (a Trace), so the first token that differs is named. Particular to it: vocabularies from small
alphabets where a shorter piece and a longer one both match, pieces that exist only with or only
without "##", words that fail after some pieces matched, tabs and newlines between words, words
starting with "##", max_chars at and past a word's length, another unk_token; a reference-free
invariant (each word is one unk_token or pieces in the vocabulary that spell it); and the classic
mistakes of the shortest match, "##" on the first piece or on none, a partial [UNK], max_chars
ignored or off by one, words split on " " only and the unk_token hard-coded."""
from hypothesis import strategies as st

from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Mistake, Trace

META = dict(title="WordPiece tokenizer", zh="WordPiece分词", topic="basics", difficulty="easy", minutes=15,
            oracle="transformers' BertTokenizer (its WordPiece model) on the same vocabulary")
HINTS = [
    "For each word in text.split(): start = 0; while start < len(word), try end = len(word), len(word) - 1, "
    "..., start + 1 and take the first (so the longest) word[start:end] found in vocab.",
    "After the first piece, look up \"##\" + word[start:end]: a continuation is stored with its prefix. The piece "
    "you append is the looked-up string, prefix included; then start = end.",
    "When no end works, the whole word becomes [unk_token] (drop the pieces found so far) and you go on with the "
    "next word. A word with len(word) > max_chars is unk_token straight away.",
]

UNK = "[UNK]"


def tokens_of(wordpiece_tokenize, case: Case, ns) -> Trace:
    """The tokens one step each (a text of n characters has at most n), then how many there are."""
    text = case.args[0]
    tokens = wordpiece_tokenize(*case.args, **case.kwargs)
    if not isinstance(tokens, (list, tuple)):
        raise TypeError(f"wordpiece_tokenize should return a list of strings, got {type(tokens).__name__}")
    trace = Trace()
    for i in range(len(text)):
        trace.step(f"token {i}", tokens[i] if i < len(tokens) else "none (the tokens ended)")
    trace.step("the number of tokens", len(tokens))
    return trace


def make(text, vocab, label="", **kwargs) -> Case:
    return Case(args=(text, sorted(vocab)), kwargs=kwargs, label=label)


PIECES = st.text(alphabet="abc", min_size=1, max_size=3)


def inputs(draw) -> Case:
    vocab = set(draw(st.lists(PIECES, max_size=8))) | {"##" + p for p in draw(st.lists(PIECES, max_size=8))}
    words = draw(st.lists(st.text(alphabet="abcd", min_size=1, max_size=7), max_size=4))
    seps = draw(st.lists(st.sampled_from([" ", " ", "  ", "\t", "\n"]), min_size=len(words), max_size=len(words)))
    text = "".join(s + w for s, w in zip(seps, words))
    kwargs = {}
    if draw(st.booleans()):
        kwargs["max_chars"] = draw(st.integers(1, 6))
    if draw(st.integers(0, 4)) == 0:
        kwargs["unk_token"] = "<unk>"
    return make(text, vocab, **kwargs)


# ---- invariant (no reference needed) -------------------------------------------------------------

def words_spelled(call, case):
    """Each word is one unk_token, or pieces from the vocabulary, the first without "##" and the rest with
    it, that spell the word. Judged where no word starts with "#" (there the first piece may too)."""
    text, vocab = case.args
    unk = case.kwargs.get("unk_token", UNK)
    words = text.split()
    if any(w.startswith("#") for w in words):
        return
    tokens = [made for label, made in call(case)[:-1] if not (isinstance(made, str) and made.startswith("none ("))]
    groups = []
    for t in tokens:
        if not isinstance(t, str):
            raise Fail(f"the token {t!r} is not a string")
        if t.startswith("##") and groups and groups[-1] != [unk]:
            groups[-1].append(t)
        else:
            groups.append([t])
    for word, group in zip(words, groups):
        if group == [unk]:
            continue
        missing = [t for t in group if t not in vocab]
        if missing:
            raise Fail(f"the word {word!r} gave {group}, but {missing[0]!r} is not in the vocabulary: every token is a "
                       f"vocabulary entry or unk_token {unk!r}")
        spelled = group[0] + "".join(t[2:] for t in group[1:])
        if group[0].startswith("##") or spelled != word or unk in group:
            raise Fail(f"the word {word!r} gave {group}: a word is either the single token {unk!r} or pieces that "
                       f"spell it, the first without \"##\" and every later one with it")
    if len(groups) != len(words):
        raise Fail(f"{len(words)} words gave {len(groups)} groups of tokens (each group a piece without \"##\" and "
                   f"the \"##\" pieces after it): {tokens}; each word is one unk_token or pieces that spell it")


# ---- the classic mistakes, written as a learner would ---------------------------------------------

def written(order="longest", first="", rest="##", unknown="word", limit=">", split="whitespace",
            unk_fixed=False):
    """wordpiece_tokenize as a learner writes it, with at most one classic mistake."""
    def wordpiece_tokenize(text, vocab, unk_token="[UNK]", max_chars=100):
        unk = UNK if unk_fixed else unk_token
        out = []
        for word in (text.split() if split == "whitespace" else text.split(" ")):
            if not word:
                continue
            too_long = {">": len(word) > max_chars, ">=": len(word) >= max_chars, "none": False}[limit]
            if too_long:
                out.append(unk)
                continue
            pieces, start, bad = [], 0, False
            while start < len(word):
                ends = range(len(word), start, -1) if order == "longest" else range(start + 1, len(word) + 1)
                found = None
                for end in ends:
                    prefix = first if start == 0 else rest
                    if prefix + word[start:end] in vocab:
                        found = prefix + word[start:end]
                        break
                if found is None:
                    if unknown == "char":           # [UNK] for the one character, then go on
                        pieces.append(unk)
                        start += 1
                        continue
                    bad = True
                    break
                pieces.append(found)
                start = end
            if bad and unknown == "kept":           # the pieces found so far, then [UNK]
                out += pieces + [unk]
            elif bad:
                out.append(unk)
            else:
                out += pieces
        return out
    return wordpiece_tokenize


PARTIAL_UNK = ("a partial [UNK]: a word that cannot be covered to its end is ONE unk_token, the pieces found "
               "before the failure are dropped")
MAX_CHARS = "max_chars: a word of MORE than max_chars characters is unk_token (len(word) > max_chars)"

VOCAB = {"un", "##aff", "##able", "a", "##b", "ab", "##c", UNK}

DRILL = Drill(entries=[Entry(
    "wordpiece_tokenize",
    inputs=inputs,
    run=tokens_of,
    examples=[
        make("unaffable abc", VOCAB, "the prompt's example"),
        make("abd b", VOCAB, "the prompt's example: a word not covered, a piece only with ##"),
        make("ab\tab", VOCAB, "the prompt's example: max_chars=1", max_chars=1),
        make("abc", {"a", "ab", "abc", "##b", "##bc", "##c"}, "the longest piece wins at every position"),
        make("aaaa", {"a", "aa", "##a", "##aa"}, "pieces of one letter and of two"),
        make("abcx ab", {"a", "##b", "##c", "ab"}, "three pieces found, then a letter not covered"),
        make("ba", {"b", "a", "##b"}, "'a' is only in the vocabulary without ##"),
        make("ab", {"##a", "##ab", "a", "##b"}, "'##ab' in the vocabulary, but a first piece has no ##"),
        make(" a  b\n\tc\n", {"a", "b", "c"}, "spaces, a tab and newlines between words"),
        make("abc abcd", {"a", "##b", "##c", "##d"}, "max_chars equal to a word's length", max_chars=3),
        make("abc de", {"a", "##bc"}, "another unk_token", unk_token="<unk>"),
        make("##ab", {"##a", "##b", "a"}, "a word starting with ##"),
        make("", {"a"}, "an empty text: no tokens"),
    ],
    extreme=[make(" ".join(["unaffable", "a" * 100, "a" * 101, "ab" * 60] * 20), VOCAB | {"##a", "##ab"},
                  "80 words, some of 100 characters and more")],
    invariants=[Invariant("each word is [UNK] or pieces that spell it", words_spelled)],
    mistakes=[
        Mistake("shortest match first: WordPiece takes the LONGEST piece in the vocabulary at each position "
                "(try end = len(word) down to start + 1)", like=written(order="shortest"),
                hint="Loop end from len(word) down to start + 1 and stop at the first piece found: that one is the "
                     "longest."),
        Mistake("\"##\" put on the first piece too: only pieces after the first carry the continuation prefix",
                like=written(first="##")),
        Mistake("continuation pieces looked up without \"##\": every piece after the first is \"##\" + "
                "word[start:end]", like=written(rest="")),
        Mistake(PARTIAL_UNK, like=written(unknown="kept"),
                hint="When a position cannot be matched, replace the WHOLE word's pieces by [unk_token]."),
        Mistake(PARTIAL_UNK, like=written(unknown="char")),
        Mistake(MAX_CHARS + " — it was ignored", like=written(limit="none")),
        Mistake(MAX_CHARS + " — not >=", like=written(limit=">=")),
        Mistake("words split on \" \" only: text.split() splits on every whitespace (tabs, newlines)",
                like=written(split="space")),
        Mistake("the vocabulary changed in place (vocab.append, vocab.sort): leave the caller's list as it is; build a "
                "set of your own for fast lookups", check="inputs unchanged"),
        Mistake("unk_token hard-coded as \"[UNK]\": use the unk_token given", like=written(unk_fixed=True)),
    ],
    grad=False,
    device=False,
)])
