def wordpiece_tokenize(text: str, vocab: list[str], unk_token: str = "[UNK]", max_chars: int = 100) -> list[str]:
    known, tokens = set(vocab), []                               # a set: each lookup O(1)
    for word in text.split():
        if len(word) > max_chars:
            tokens.append(unk_token)
            continue
        pieces, start = [], 0
        while start < len(word):
            for end in range(len(word), start, -1):             # longest first
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in known:
                    break
            else:
                pieces = [unk_token]                            # one position not covered: the whole word
                break
            pieces.append(piece)
            start = end
        tokens += pieces
    return tokens
