import torch

EXPECT = {
    'no loop': '',
}


def route(x, gate_weight, k):
    T, E = x.shape[0], gate_weight.shape[0]
    all_probs, all_w, all_e = [], [], []
    counts = torch.zeros(E, dtype=x.dtype, device=x.device)
    for t in range(T):
        p = torch.softmax(gate_weight @ x[t], dim=0)
        top, idx = torch.topk(p, k)
        all_w.append(top / top.sum())
        all_e.append(idx)
        all_probs.append(p)
        counts[idx] += 1
    probs = torch.stack(all_probs)
    f = counts / (T * k)
    return torch.stack(all_w), torch.stack(all_e), E * (f * probs.mean(0)).sum()
