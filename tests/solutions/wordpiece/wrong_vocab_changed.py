
EXPECT = {
    'inputs unchanged': "the vocabulary changed in place (vocab.append, vocab.sort): leave the caller's list as it is; build a set of your own for fast lookups",
}
def wordpiece_tokenize(text, vocab, unk_token="[UNK]", max_chars=100):
    vocab.append(unk_token)               # so that unk_token is "in the vocabulary" too
    out = []
    for word in text.split():
        pieces, start = [], 0
        while start < len(word) and len(word) <= max_chars:
            end = len(word)
            while end > start and (("##" if start else "") + word[start:end]) not in vocab:
                end -= 1
            if end == start:
                break
            pieces.append(("##" if start else "") + word[start:end])
            start = end
        out += pieces if start == len(word) and pieces else [unk_token]
    return out
