"""中文 text of the paged_kv_cache drill."""
TEXT = {
    '1 pages of 8 tokens, 1 operations':
        '1 页，每页 8 个 token，1 次操作',
    '2 pages of 16 tokens, 2 operations':
        '2 页，每页 16 个 token，2 次操作',
    '2 pages of 4 tokens, 2 operations':
        '2 页，每页 4 个 token，2 次操作',
    'Slots without a loop: pos = torch.arange(length, end); page = table_tensor[pos // page_size]; slots = page * page_size + pos % page_size; pool.view(-1, H, D)[slots] = k.':
        '不用循环算 slot：pos = torch.arange(length, end)；page = table_tensor[pos // page_size]；slots = page * page_size + pos % page_size；pool.view(-1, H, D)[slots] = k。',
    'State: the pools (torch.zeros(num_pages, page_size, H, D, dtype=dtype, device=device)), a sorted list of free pages, block_tables = {seq_id: [pages]}, lengths = {seq_id: tokens}.':
        '状态：两个池（torch.zeros(num_pages, page_size, H, D, dtype=dtype, device=device)）、一个有序的空闲页列表、block_tables = {seq_id: [pages]}、lengths = {seq_id: tokens}。',
    'Take a page with free_pages.pop(0) (or slice and delete): a page that stays on the free list is given to the next sequence too.':
        '用 free_pages.pop(0)（或切片后删除）取页：还留在空闲列表里的页会再分给下一个序列。',
    'The pages a sequence needs: -(-n // page_size) (a ceiling); n // page_size + 1 takes an extra page whenever n fills its pages exactly.':
        '一个序列需要的页数：-(-n // page_size)（向上取整）；n // page_size + 1 在 n 恰好填满页时会多取一页。',
    'a 100-token prompt, then 30 tokens one at a time; 18 pages of 8 tokens, 32 operations':
        '100 个 token 的 prompt，然后逐个追加 30 个 token；18 页，每页 8 个 token，32 次操作',
    'a page shared across sequences: a page taken from the free list must leave it (pop it, not peek), and belongs to one sequence until it is freed':
        '一页被多个序列共用：从空闲列表取出的页必须离开列表（要 pop，不能只看一眼），并且在释放前只属于一个序列',
    "after a free, sequence 0's pages are out of order: [0, 2, 1, 3]; 6 pages of 2 tokens, 8 operations":
        '一次 free 之后，序列 0 的页不再有序：[0, 2, 1, 3]；6 页，每页 2 个 token，8 次操作',
    'an id used again after its free starts a new sequence; 3 pages of 3 tokens, 5 operations':
        'free 之后再次使用的 id 开启一个新序列；3 页，每页 3 个 token，5 次操作',
    'append returns offsets within a page: a slot is page * page_size + offset':
        'append 返回的是页内偏移：slot 应为 page * page_size + offset',
    'append: end = length + T; the sequence needs ceil(end / page_size) pages; take the missing ones from the front of the free list (and remove them from it).':
        'append：end = length + T；序列需要 ceil(end / page_size) 页；从空闲列表的开头取出缺少的页（并把它们从列表中删除）。',
    'appends that end exactly on a page boundary; 6 pages of 4 tokens, 8 operations':
        '恰好在页边界结束的 append；6 页，每页 4 个 token，8 次操作',
    'every page in use; 2 pages of 3 tokens, 6 operations':
        '所有页都在使用中；2 页，每页 3 个 token，6 次操作',
    'free(): free_pages = sorted(free_pages + block_table.pop(seq_id)) — the pages go back, and the lowest free page is the next one handed out.':
        'free()：free_pages = sorted(free_pages + block_table.pop(seq_id))——页被归还，编号最小的空闲页就是下一个分配出去的页。',
    "freed pages not handed out again lowest first: free() gives the sequence's pages back to the free list, kept sorted, and the lowest free page is the next one taken":
        '释放的页没有按编号从小到大重新分配：free() 把序列的页还回空闲列表并保持有序，下一个取的是编号最小的空闲页',
    "gather reads the pages in sorted order: read them in block-table order (after a free, a sequence's pages need not be increasing)":
        'gather 按排序后的顺序读页：应按 block table 的顺序读（一次 free 之后，序列的页不一定递增）',
    "gather returns whole pages: trim to the sequence's length (the last page is partly filled)":
        'gather 返回了整页：要截到序列的长度（最后一页只填了一部分）',
    'gather: pool[torch.tensor(table)] is (pages, page_size, H, D): flatten(0, 1)[:length]. free: free_pages = sorted(free_pages + table), and forget the id.':
        'gather：pool[torch.tensor(table)] 形状为 (pages, page_size, H, D)：flatten(0, 1)[:length]。free：free_pages = sorted(free_pages + table)，并忘掉这个 id。',
    'no slot held by two live sequences':
        '没有 slot 同时被两个存活的序列占用',
    'page index arithmetic off by one: a sequence of n tokens holds ceil(n / page_size) pages, token t sits in page table[t // page_size] at offset t % page_size':
        '页索引计算差了一：n 个 token 的序列占 ceil(n / page_size) 页，第 t 个 token 位于页 table[t // page_size] 的偏移 t % page_size 处',
    'pages of one token; 5 pages of 1 tokens, 8 operations':
        '每页一个 token；5 页，每页 1 个 token，8 次操作',
    'six sequences of about 60 tokens, two freed; 21 pages of 16 tokens, 22 operations':
        '六个约 60 个 token 的序列，释放其中两个；21 页，每页 16 个 token，22 次操作',
    "the prompt's example up to the free; 8 pages of 4 tokens, 5 operations":
        '题目中的示例，到 free 为止；8 页，每页 4 个 token，5 次操作',
    "the prompt's example; 8 pages of 4 tokens, 9 operations":
        '题目中的示例；8 页，每页 4 个 token，9 次操作',
    'the tokens of a sequence':
        '序列的 token 数',
    'the tokens of an append':
        '单次 append 的 token 数',
    '{0}: slot {1} was returned for sequence {2} while sequence {3}, still alive, holds it':
        '{0}：为序列 {2} 返回了 slot {1}，但它仍被存活的序列 {3} 占用',
    'operation {0} of {1}, {2}':
        '第 {0} 个操作（共 {1} 个），{2}',
}
