"""中文 text of the wordpiece drill."""
TEXT = {
    '"##" put on the first piece too: only pieces after the first carry the continuation prefix':
        '第一个片段也加了 "##"：只有第一个之后的片段才带续接前缀',
    "'##ab' in the vocabulary, but a first piece has no ##":
        "词表里有 '##ab'，但第一个片段不带 ##",
    "'a' is only in the vocabulary without ##":
        "词表里只有不带 ## 的 'a'",
    '80 words, some of 100 characters and more':
        '80 个词，有些长度达到或超过 100 个字符',
    'After the first piece, look up "##" + word[start:end]: a continuation is stored with its prefix. The piece you append is the looked-up string, prefix included; then start = end.':
        '第一个片段之后，查的是 "##" + word[start:end]：续接片段在词表中带前缀存储。追加的片段就是查到的字符串（含前缀）；然后 start = end。',
    'For each word in text.split(): start = 0; while start < len(word), try end = len(word), len(word) - 1, ..., start + 1 and take the first (so the longest) word[start:end] found in vocab.':
        '对 text.split() 中的每个词：start = 0；当 start < len(word) 时，依次尝试 end = len(word), len(word) - 1, ..., start + 1，取第一个（也就是最长的）在 vocab 中的 word[start:end]。',
    'Loop end from len(word) down to start + 1 and stop at the first piece found: that one is the longest.':
        '让 end 从 len(word) 递减到 start + 1，找到第一个片段就停：它就是最长的。',
    "When a position cannot be matched, replace the WHOLE word's pieces by [unk_token].":
        '某个位置匹配不上时，把整个词的片段替换为 [unk_token]。',
    'When no end works, the whole word becomes [unk_token] (drop the pieces found so far) and you go on with the next word. A word with len(word) > max_chars is unk_token straight away.':
        '没有任何 end 可用时，整个词变成 [unk_token]（丢掉已找到的片段），接着处理下一个词。len(word) > max_chars 的词直接是 unk_token。',
    'a partial [UNK]: a word that cannot be covered to its end is ONE unk_token, the pieces found before the failure are dropped':
        '只替换了一部分为 [UNK]：无法覆盖到结尾的词是一个 unk_token，失败前找到的片段要丢掉',
    'a word starting with ##':
        '以 ## 开头的词',
    'an empty text: no tokens':
        '空文本：没有 token',
    'another unk_token':
        '另一个 unk_token',
    'continuation pieces looked up without "##": every piece after the first is "##" + word[start:end]':
        '续接片段查找时没加 "##"：第一个之后的每个片段都是 "##" + word[start:end]',
    'each word is [UNK] or pieces that spell it':
        '每个词要么是 [UNK]，要么是拼成它的片段',
    "max_chars equal to a word's length":
        'max_chars 恰好等于词长',
    'max_chars: a word of MORE than max_chars characters is unk_token (len(word) > max_chars) — it was ignored':
        'max_chars：超过 max_chars 个字符的词是 unk_token（len(word) > max_chars）——这条被忽略了',
    'max_chars: a word of MORE than max_chars characters is unk_token (len(word) > max_chars) — not >=':
        'max_chars：超过 max_chars 个字符的词是 unk_token（len(word) > max_chars）——不是 >=',
    'pieces of one letter and of two':
        '一个字母和两个字母的片段',
    'shortest match first: WordPiece takes the LONGEST piece in the vocabulary at each position (try end = len(word) down to start + 1)':
        '最短匹配优先：WordPiece 在每个位置取词表中最长的片段（让 end 从 len(word) 递减到 start + 1）',
    'spaces, a tab and newlines between words':
        '词之间有空格、制表符和换行',
    'the longest piece wins at every position':
        '每个位置都取最长的片段',
    "the prompt's example":
        '题目中的示例',
    "the prompt's example: a word not covered, a piece only with ##":
        '题目中的示例：无法覆盖的词，只有带 ## 形式的片段',
    "the prompt's example: max_chars=1":
        '题目中的示例：max_chars=1',
    'the token {0} is not a string':
        'token {0} 不是字符串',
    "the vocabulary changed in place (vocab.append, vocab.sort): leave the caller's list as it is; build a set of your own for fast lookups":
        '原地修改了词表（vocab.append、vocab.sort）：保持调用方的列表不变；自己建一个 set 来快速查找',
    'the word {0} gave {1}, but {2} is not in the vocabulary: every token is a vocabulary entry or unk_token {3}':
        '词 {0} 得到 {1}，但 {2} 不在词表中：每个 token 都应是词表中的条目或 unk_token {3}',
    'the word {0} gave {1}: a word is either the single token {2} or pieces that spell it, the first without "##" and every later one with it':
        '词 {0} 得到 {1}：一个词要么是单个 token {2}，要么是拼成它的片段，第一个不带 "##"，之后的每个都带',
    'three pieces found, then a letter not covered':
        '找到三个片段后，遇到一个无法覆盖的字母',
    'unk_token hard-coded as "[UNK]": use the unk_token given':
        'unk_token 写死成了 "[UNK]"：应使用传入的 unk_token',
    'words split on " " only: text.split() splits on every whitespace (tabs, newlines)':
        '只按 " " 切词：text.split() 按所有空白切分（制表符、换行）',
    '{0} words gave {1} groups of tokens (each group a piece without "##" and the "##" pieces after it): {2}; each word is one unk_token or pieces that spell it':
        '{0} 个词得到 {1} 组 token（每组是一个不带 "##" 的片段加上其后带 "##" 的片段）：{2}；每个词应是一个 unk_token 或拼成它的片段',
    'the number of tokens':
        'token 数',
    'token {0}':
        '第 {0} 个 token',
}
