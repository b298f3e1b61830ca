EXPECT = {"check": "shape", "mistake": "not reshaped"}


def embedding(ids, table):
    return table.index_select(0, ids.reshape(-1))
