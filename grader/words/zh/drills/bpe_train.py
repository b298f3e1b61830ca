"""中文 text of the bpe_train drill."""
TEXT = {
    '(b, c) learned before (a, b): the earlier merge wins':
        '(b, c) 比 (a, b) 先学到：先学到的合并优先',
    '300 words, 64 merges':
        '300 个词，64 次合并',
    '400 words, 64 merges':
        '400 个词，64 次合并',
    'A merge helper: walk the ids left to right; where (ids[i], ids[i + 1]) == pair, emit the new id and skip two. Apply it to every word, append the pair to merges, and count again.':
        '写一个 merge 辅助函数：从左到右遍历 ids；遇到 (ids[i], ids[i + 1]) == pair 时输出新 id 并跳过两个。对每个词应用它，把该 pair 追加到 merges，再重新计数。',
    'After merging (a, b), the pairs around it change: count all pairs afresh each round.':
        '合并 (a, b) 之后，它周围的 pair 会变：每一轮都要重新统计所有 pair。',
    'Break ties explicitly: best = min(counts, key=lambda p: (-counts[p], p)). max(counts, key=counts.get) returns the first pair seen among equals.':
        '显式处理并列：best = min(counts, key=lambda p: (-counts[p], p))。max(counts, key=counts.get) 在并列时返回最先见到的 pair。',
    'Each round: counts = Counter(); for ids, n in words: for pair in zip(ids, ids[1:]): counts[pair] += n. best = min(counts, key=lambda p: (-counts[p], p)) — most frequent first, then the smallest pair.':
        '每一轮：counts = Counter()；for ids, n in words: for pair in zip(ids, ids[1:]): counts[pair] += n。best = min(counts, key=lambda p: (-counts[p], p))——先比频次，再取最小的 pair。',
    'a lone byte 0xe9 (é in Latin-1, not UTF-8)':
        '单独的字节 0xe9（Latin-1 中的 é，不是 UTF-8）',
    'an empty text':
        '空文本',
    'an empty text: no merge':
        '空文本：没有合并',
    "b''.join(vocab[i] for i in ids).decode('utf-8', errors='replace'): decode once, at the end.":
        "b''.join(vocab[i] for i in ids).decode('utf-8', errors='replace')：最后一次性解码。",
    "characters instead of UTF-8 bytes (ord(c) is not a byte for é or 中): work on list(word.encode('utf-8'))":
        "用了字符而不是 UTF-8 字节（对 é 或 中，ord(c) 不是一个字节）：应在 list(word.encode('utf-8')) 上操作",
    'characters of two and three bytes':
        '两字节和三字节的字符',
    'characters split across tokens':
        '被切到不同 token 里的字符',
    "counts not updated after a merge: count the pairs again after every merge (merging changes its neighbours' counts)":
        '合并后没有更新计数：每次合并后都要重新统计 pair（合并会改变相邻 pair 的计数）',
    'decoded as Latin-1: the bytes are UTF-8':
        '按 Latin-1 解码了：这些字节是 UTF-8',
    "decoded with errors='strict' (the default): ids may end inside a character; use errors='replace'":
        "用 errors='strict'（默认值）解码：ids 可能在字符中间结束；应使用 errors='replace'",
    'each merge applied only at its first occurrence in a word: replace every occurrence':
        '每次合并只应用在词中第一次出现的位置：应替换所有出现',
    'each token decoded on its own: a character split across tokens breaks; join all the bytes, then decode once':
        '每个 token 单独解码：跨 token 的字符会被拆坏；应把所有字节拼起来再一次性解码',
    "encode: for each word's bytes, for i, pair in enumerate(merges): ids = merge(ids, pair, 256 + i). decode: build vocab[256 + i] = vocab[a] + vocab[b] from bytes([i]), join, .decode('utf-8', errors='replace').":
        "encode：对每个词的字节，for i, pair in enumerate(merges): ids = merge(ids, pair, 256 + i)。decode：从 bytes([i]) 出发构造 vocab[256 + i] = vocab[a] + vocab[b]，拼接后 .decode('utf-8', errors='replace')。",
    'encoding keeps every byte':
        '编码保留每一个字节',
    'greedy longest match over the vocabulary (that is WordPiece, not BPE): apply the merges in the order they were learned':
        '在词表上做贪心最长匹配（那是 WordPiece，不是 BPE）：应按学到的顺序应用合并',
    'merges across word boundaries: split the text with re.findall(r"\\s*\\S+|\\s+", text); pairs are counted and merged inside words only':
        '合并跨越了词边界：用 re.findall(r"\\s*\\S+|\\s+", text) 切分文本；pair 只在词内统计和合并',
    'merges applied where they are found, left to right: apply them in the order they were learned (the earliest-learned pair first)':
        '合并按出现位置从左到右应用：应按学到的顺序应用（最早学到的 pair 优先）',
    "merges given by hand that join a word's end to the next word's start: never applied":
        '手写的合并把一个词的结尾与下一个词的开头相连：永远不会被应用',
    'merges given by hand: (b, c) before (a, b)':
        '手写的合并：(b, c) 在 (a, b) 之前',
    'merges join tokens that exist':
        '合并只连接已存在的 token',
    'merges learned on another text':
        '在另一段文本上学到的合并',
    'multi-byte characters, bytes never seen':
        '多字节字符，从未见过的字节',
    'no ids':
        '没有 id',
    'one byte: nothing to merge':
        '一个字节：没有可合并的',
    'overlapping pairs':
        '重叠的 pair',
    'runs of one byte: left to right, no overlap':
        '同一字节的连续串：从左到右，不重叠',
    'runs of whitespace, trailing whitespace':
        '连续空白，末尾空白',
    "the prompt's example":
        '题目中的示例',
    "the tokens stand for the bytes {0}, not the text's {1}: encoding must keep every byte":
        '这些 token 代表的字节是 {0}，而不是文本的 {1}：编码必须保留每一个字节',
    "ties broken differently from the prompt's rule: among equally frequent pairs take the smallest (a, b)":
        '并列的处理与题目规则不同：频次相同的 pair 中应取最小的 (a, b)',
    'ties from the first merge on':
        '从第一次合并起就有并列',
    'token {0} is neither a byte (0..255) nor made by a merge (256..{1})':
        'token {0} 既不是字节 (0..255)，也不是合并产生的 (256..{1})',
    'training stops when the best pair occurs once: keep merging while some word has two tokens':
        '最佳 pair 只出现一次时就停止了训练：只要还有词含两个 token，就要继续合并',
    'two of the three bytes of 中':
        '“中”的三个字节中的两个',
    'vocab_size 256: no merge':
        'vocab_size 256：没有合并',
    'whitespace dropped (text.split()): the words keep the whitespace before them':
        '丢掉了空白（text.split()）：词要保留它前面的空白',
    'whitespace only words':
        '只有空白的词',
    'word counts ignored: a word that occurs n times contributes its pairs n times':
        '忽略了词频：出现 n 次的词，它的 pair 要计 n 次',
    'words = Counter(re.findall(r"\\s*\\S+|\\s+", text)); keep each distinct word once as list(word.encode(\'utf-8\')) with its count.':
        'words = Counter(re.findall(r"\\s*\\S+|\\s+", text))；每个不同的词只保存一次，形式为 list(word.encode(\'utf-8\')) 加上它的出现次数。',
    'words repeated, merges run out before vocab_size':
        '词重复出现，合并在达到 vocab_size 之前就用完了',
    '{0} is ({1}, {2}), but only tokens 0..{3} exist before it: merge i creates token 256 + i':
        '{0} 是 ({1}, {2})，但在它之前只有 token 0..{3}：第 i 次合并产生 token 256 + i',
    '{0} merges ({1}, {2}) again: once merged, that pair is gone from every word':
        '{0} 再次合并了 ({1}, {2})：一旦合并，这个 pair 就从所有词中消失了',
    'merge {0} (token {1})':
        '第 {0} 次合并（token {1}）',
    'the number of merges':
        '合并次数',
    'the number of tokens':
        'token 数',
    'token {0}':
        '第 {0} 个 token',
}
