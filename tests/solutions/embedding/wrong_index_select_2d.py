EXPECT = {"check": "runs", "mistake": "index_select"}


def embedding(ids, table):
    return table.index_select(0, ids)
