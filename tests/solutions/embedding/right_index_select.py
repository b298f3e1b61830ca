def embedding(ids, table):
    flat = table.index_select(0, ids.reshape(-1))      # (N, d)
    return flat.view(*ids.shape, table.shape[1])
