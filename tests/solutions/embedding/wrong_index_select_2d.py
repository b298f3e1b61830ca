EXPECT = {
    'runs': 'index_select with the ids as they are (it needs a 1-D index: flatten, then reshape)',
}


def embedding(ids, table):
    return table.index_select(0, ids)
