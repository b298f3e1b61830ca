"""The reference against transformers' BertTokenizer built on the same vocabulary (its WordPiece
model: greedy longest match first, "##" continuations, [UNK] for a word not covered, words of more
than max_input_chars_per_word characters unknown). BERT's pre-tokenizer also splits punctuation off,
and its normaliser cleans the text; the prompt splits on whitespace only, so the texts here hold
letters and whitespace, and a second test swaps in a whitespace-only pre-tokenizer for texts with
punctuation."""
import random

import pytest

from reference.wordpiece import wordpiece_tokenize

SPECIAL = ["[UNK]", "[PAD]", "[CLS]", "[SEP]", "[MASK]"]


def bert(vocab, max_chars=100, whitespace_only=False):
    from transformers import BertTokenizer
    ids = {t: i for i, t in enumerate(SPECIAL + sorted(set(vocab) - set(SPECIAL)))}
    tok = BertTokenizer(vocab=ids, do_lower_case=False, tokenize_chinese_chars=False, strip_accents=False)
    tok.backend_tokenizer.model.max_input_chars_per_word = max_chars
    if whitespace_only:
        from tokenizers import pre_tokenizers
        tok.backend_tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    return tok


def random_case(rng, alphabet):
    def piece():
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
    vocab = {piece() for _ in range(rng.randint(0, 10))} | {"##" + piece() for _ in range(rng.randint(0, 10))}
    words = ["".join(rng.choice(alphabet + "z") for _ in range(rng.randint(1, 8))) for _ in range(rng.randint(0, 6))]
    text = "".join(rng.choice([" ", "  ", "\t", "\n"]) + w for w in words)
    return text, sorted(vocab)


def test_the_prompts_example():
    vocab = ["[UNK]", "un", "##aff", "##able", "a", "##b", "ab", "##c"]
    assert wordpiece_tokenize("unaffable abc", vocab) == bert(vocab).tokenize("unaffable abc") == \
        ["un", "##aff", "##able", "ab", "##c"]
    assert wordpiece_tokenize("abd b", vocab) == bert(vocab).tokenize("abd b") == ["[UNK]", "[UNK]"]


@pytest.mark.parametrize("seed", range(60))
def test_random_vocabularies_against_bert(seed):
    rng = random.Random(seed)
    text, vocab = random_case(rng, "abc")
    max_chars = rng.choice([100, 3, 5])
    assert wordpiece_tokenize(text, vocab, max_chars=max_chars) == bert(vocab, max_chars).tokenize(text), (text, vocab)


@pytest.mark.parametrize("seed", range(20))
def test_punctuation_with_a_whitespace_pre_tokenizer(seed):
    rng = random.Random(1000 + seed)
    text, vocab = random_case(rng, "a,#.")
    assert wordpiece_tokenize(text, vocab) == bert(vocab, whitespace_only=True).tokenize(text), (text, vocab)


def test_a_real_vocabulary_of_words():
    vocab = ["the", "play", "##ing", "##ed", "##s", "un", "##want", "##able", "runn", "##er", "run", "##n"]
    text = "the playing played plays unwantable runner running xyz"
    assert wordpiece_tokenize(text, vocab) == bert(vocab).tokenize(text)
