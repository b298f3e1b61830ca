"""中文 text of the embedding drill."""
TEXT = {
    '(2, 2, 3) ids':
        '形状为 (2, 2, 3) 的 ids',
    '10,000-row table, first and last ids':
        '10,000 行的表，取第一个和最后一个 id',
    '4096 ids':
        '4096 个 id',
    "Indexing a tensor with a LongTensor (advanced indexing) accepts ids of any shape and puts the ids' shape in front of the rest; its backward adds up the gradients of repeated ids for you.":
        '用 LongTensor 索引张量（高级索引）接受任意形状的 ids，并把 ids 的形状放在其余维度前面；它的反向传播会自动把重复 id 的梯度加起来。',
    'Let autograd differentiate table[ids] (or index_select): its backward adds up the gradients of repeated ids. A hand-written backward must use index_add_.':
        '让 autograd 对 table[ids]（或 index_select）求导：它的反向传播会把重复 id 的梯度加起来。手写反向传播则必须用 index_add_。',
    "Row i of the table is token i's vector: the answer is a gather of rows, no arithmetic at all.":
        '表的第 i 行就是 token i 的向量：答案就是按行取数（gather），完全不需要算术运算。',
    'V = 1, d = 1':
        'V = 1，d = 1',
    'a 0-dim id':
        '0 维的 id',
    'changing the id at position 0 changed the output at flat position {0}: each position must depend on its own id only':
        '改动位置 0 的 id，展平后位置 {0} 的输出变了：每个位置只能取决于它自己的 id',
    'id 3 three times, rows 4, 5 unused':
        'id 3 出现三次，第 4、5 行未被使用',
    'index_select with the ids as they are (it needs a 1-D index: flatten, then reshape)':
        '直接把 ids 传给 index_select（它需要一维索引：先展平，再 reshape）',
    'one id, five times':
        '同一个 id 出现五次',
    'one_hot without num_classes=V (its width is max(ids) + 1, not V)':
        'one_hot 没有传 num_classes=V（它的宽度是 max(ids) + 1，而不是 V）',
    'output not reshaped back to ids.shape + (d,)':
        '输出没有 reshape 回 ids.shape + (d,)',
    'positions independent':
        '各位置相互独立',
    'return table[ids]  (or table.index_select(0, ids.reshape(-1)).reshape(*ids.shape, -1))':
        'return table[ids]（或 table.index_select(0, ids.reshape(-1)).reshape(*ids.shape, -1)）',
    'the ids':
        'id 的个数',
    "the prompt's example (id 1 twice)":
        '题目中的示例（id 1 出现两次）',
    'wrong gradient into the table: a row used by several positions must receive the sum of their gradients (index_add_ / scatter-add, not assignment)':
        '传回表的梯度不对：被多个位置使用的行必须得到这些位置梯度之和（用 index_add_ / scatter-add，而不是赋值）',
}
