"""The reference against outside implementations and a brute force:

- training, on ASCII texts, against Hugging Face tokenizers' BpeTrainer over the same words (there
  a character is a token whose id follows the character's order, which for ASCII is the byte's, so
  its tie rule, the smallest pair of ids, is the prompt's);
- training, on any text, against a brute force that re-encodes the raw text from scratch with the
  merges so far before every merge and counts every word occurrence's pairs again;
- encoding against tokenizers' BPE model (byte-level alphabet, merges by rank) with the merges;
- the round trip decode(encode(text)) == text, and decode of ids that split a character."""
import json
import random
import re
from collections import Counter

import pytest

from reference.bpe_train import decode, encode, train_bpe

WORDS = r"\s*\S+|\s+"


def hf_train(text, n_merges):
    """tokenizers' BpeTrainer on the prompt's words; its merges as pairs of the prompt's ids."""
    from tokenizers import Regex, Tokenizer, models, pre_tokenizers, trainers
    alphabet = sorted(set(text))
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Split(Regex(WORDS), behavior="isolated")
    trainer = trainers.BpeTrainer(vocab_size=len(alphabet) + n_merges, min_frequency=0, show_progress=False,
                                  initial_alphabet=alphabet)
    tok.train_from_iterator([text], trainer)
    ids = {chr(b): b for b in range(128)}
    merges = []
    for a, b in json.loads(tok.to_str())["model"]["merges"]:       # in the order learned
        merges.append((ids[a], ids[b]))
        ids[a + b] = 255 + len(merges)
    return merges


def brute_train(text, vocab_size):
    """Before every merge: every word occurrence of the raw text encoded afresh, every pair counted."""
    merges = []
    while 256 + len(merges) < vocab_size:
        counts = Counter()
        for word in re.findall(WORDS, text):
            ids = brute_encode_word(word, merges)
            for i in range(len(ids) - 1):
                counts[ids[i], ids[i + 1]] += 1
        if not counts:
            break
        top = max(counts.values())
        merges.append(sorted(p for p, c in counts.items() if c == top)[0])
    return merges


def brute_encode_word(word, merges):
    ids = list(word.encode("utf-8"))
    for i, (a, b) in enumerate(merges):          # each merge everywhere, left to right, in learned order
        j = 0
        while j < len(ids) - 1:
            if ids[j] == a and ids[j + 1] == b:
                ids[j:j + 2] = [256 + i]
            j += 1
    return ids


def hf_encode(text, merges):
    """tokenizers' BPE model (byte-level alphabet, merges by rank) on the prompt's words."""
    from tokenizers import Regex, Tokenizer, models, pre_tokenizers
    from tokenizers.pre_tokenizers import ByteLevel
    chars = byte_chars()
    token = {i: chars[i] for i in range(256)}
    for i, (a, b) in enumerate(merges):
        token[256 + i] = token[a] + token[b]
    vocab = {s: i for i, s in token.items()}
    tok = Tokenizer(models.BPE(vocab=vocab, merges=[(token[a], token[b]) for a, b in merges]))
    tok.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.Split(Regex(WORDS), behavior="isolated"),
                                                 ByteLevel(add_prefix_space=False, use_regex=False)])
    return tok.encode(text).ids


def byte_chars():
    """GPT-2's printable stand-in for each byte, as tokenizers' ByteLevel maps them."""
    keep = list(range(33, 127)) + list(range(161, 173)) + list(range(174, 256))
    chars, extra = {}, 0
    for b in range(256):
        if b in keep:
            chars[b] = chr(b)
        else:
            chars[b] = chr(256 + extra)
            extra += 1
    return chars


def random_text(seed, alphabet, n):
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(n))


def lexicon_text(seed, words):
    lexicon = ["the", "cat", "sat", "on", "mat", "a", "hat", "that", "then", "low", "lower", "lowest", "newest",
               "widest", "token", "tokens", "café", "naïve", "中文", "数据"]
    rng = random.Random(seed)
    return "".join(rng.choice(lexicon) + rng.choice([" ", " ", "  ", "\n", ", "]) for _ in range(words))


ASCII = ["ab ", "abc \n", "aab  b", "xyz\t ", "the cat sat", "aaaa b"]


@pytest.mark.parametrize("seed", range(12))
def test_training_agrees_with_tokenizers_bpe_trainer_on_ascii(seed):
    text = random_text(seed, ASCII[seed % len(ASCII)], 20 + 15 * seed)
    if seed % 3 == 2:
        text = "".join(c for c in lexicon_text(seed, 60) if ord(c) < 128)
    n = 5 + 3 * seed
    ours = train_bpe(text, 256 + n)
    assert ours == hf_train(text, n)


@pytest.mark.parametrize("seed", range(10))
def test_training_agrees_with_a_brute_force(seed):
    alphabet = ["ab ", "xé y", "中文 a", "aaa \n", "abc"][seed % 5]
    text = random_text(seed, alphabet, 5 + 12 * seed) if seed % 2 else lexicon_text(seed, 10 + 8 * seed)
    vocab_size = 256 + [0, 1, 5, 20, 60][seed % 5]
    assert train_bpe(text, vocab_size) == brute_train(text, vocab_size)


@pytest.mark.parametrize("text,vocab_size", [("", 300), ("x", 300), ("hello", 256), ("aaaaaaa", 270),
                                             ("  \n\n  ", 270)])
def test_training_edge_cases_agree_with_the_brute_force(text, vocab_size):
    assert train_bpe(text, vocab_size) == brute_train(text, vocab_size)


@pytest.mark.parametrize("seed", range(8))
def test_encoding_agrees_with_tokenizers_bpe_model(seed):
    corpus = lexicon_text(seed, 150)
    merges = train_bpe(corpus, 256 + 10 * seed)
    text = lexicon_text(100 + seed, 40) + random_text(seed, "aé中 \n", 30)
    ids = encode(text, merges)
    assert ids == hf_encode(text, merges)
    assert ids == [i for w in re.findall(WORDS, text) for i in brute_encode_word(w, merges)]


@pytest.mark.parametrize("seed", range(8))
def test_round_trip(seed):
    merges = train_bpe(lexicon_text(seed, 100), 256 + 8 * seed)
    text = random_text(seed, "ab é中\n\t😀", 50) + lexicon_text(seed + 50, 20)
    assert decode(encode(text, merges), merges) == text


def test_decode_of_a_split_character_replaces_it_and_keeps_the_rest():
    data = "a中b".encode("utf-8")
    ids = list(data[:3]) + list(data[4:])           # the last byte of 中 missing
    assert decode(ids, []) == data[:3].decode("utf-8", errors="replace") + "b" == "a\ufffdb"
    merges = train_bpe("中中 中中", 260)
    assert decode(encode("中中", merges), merges) == "中中"
