"""selective_scan: two entries that must agree, the sequential recurrence (a loop over time, none
over batch, channels or state dims) and the chunked form (a loop over chunks, none inside one).
Particular to it: inputs in the model's ranges (delta > 0 through a softplus, A < 0), the last chunk
shorter, decays strong enough (cum down to -1000) that exp(-cum) overflows and a mask applied after
the exponential gives NaN values or gradients, gradients through every input, and the mistakes of the
discretisation (B or A without Δ, Euler's 1 + ΔA), the read-out (before the update, B and C
swapped) and the chunks (state not carried, not decayed, decay off by one, the last chunk dropped, more
than one chunk's pairwise decays held at once)."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Loops, Memory, Mistake, Speed

META = dict(title="Selective scan (Mamba)", zh="选择性扫描", topic="vision and sequence", difficulty="hard",
            minutes=30, oracle="a plain loop over batch, time, channels and state dims in float64")
HINTS = [
    "Precompute for every step at once: decay = exp(delta[..., None] * A) and u = delta[..., None] * "
    "B[:, :, None, :] * x[..., None], both (batch, L, D, N). The loop over time then only does "
    "h = decay[:, t] * h + u[:, t] and y_t = (h * C[:, t, None, :]).sum(-1).",
    "Chunked: in a chunk, cum = cumsum(delta[..., None] * A, dim=1) is the log of the decay from the chunk's "
    "start. The decay from step s to step t is exp(cum_t - cum_s): build seg = cum[:, :, None] - "
    "cum[:, None, :], (batch, t, s, D, N).",
    "Mask the pairs s > t with -inf BEFORE the exp (masked_fill, then exp gives 0 and a 0 gradient); "
    "h_t = sum_s exp(seg)[t, s] * u_s + exp(cum_t) * h_in, an einsum over s.",
    "y_t = sum_n C_t h_t; the next chunk starts from h_in = h at the chunk's last step. Cut chunks with "
    "range(0, L, chunk_size) so the last, shorter one is kept.",
]


# ---- inputs ------------------------------------------------------------------------------------

def scan_args(g, batch, L, D, N, strong=False, x_scale=1.0):
    x = torch.randn(batch, L, D, generator=g) * x_scale
    delta = F.softplus(torch.randn(batch, L, D, generator=g) + (3.0 if strong else -1.0))
    A = -torch.exp(torch.randn(D, N, generator=g) * 0.7 + (1.5 if strong else 0.0))
    B, C = torch.randn(batch, L, N, generator=g), torch.randn(batch, L, N, generator=g)
    return x, delta, A, B, C


def largest_output(x, delta, A, B, C) -> float:
    """max |y| of the recurrence, run in float64."""
    x, delta, A, B, C = (t.double() for t in (x, delta, A, B, C))
    decay = torch.exp(delta[..., None] * A)                      # (batch, L, D, N)
    u = delta[..., None] * B[:, :, None, :] * x[..., None]
    h, top = x.new_zeros(x.shape[0], x.shape[2], A.shape[1]), 0.0
    for t in range(x.shape[1]):
        h = decay[:, t] * h + u[:, t]
        top = max(top, (h * C[:, t, None, :]).sum(-1).abs().max().item())
    return top


def scan_case(args, chunk_size=None, label=""):
    """The absolute tolerance grows with the outputs, which states that decay slowly make large."""
    scale = max(1.0, largest_output(*args)) if args[0].numel() else 1.0
    kwargs = {} if chunk_size is None else {"chunk_size": chunk_size}
    return Case(args=tuple(args), kwargs=kwargs, scale=scale, label=label)


def seeded_case(seed, batch, L, D, N, chunk_size=None, strong=False, x_scale=1.0, label=""):
    return scan_case(scan_args(torch.Generator().manual_seed(seed), batch, L, D, N, strong, x_scale), chunk_size,
                     label)


def inputs_with(chunked: bool):
    def inputs(draw) -> Case:
        batch, L = draw(st.integers(1, 2)), draw(st.integers(1, 12))
        D, N = draw(st.integers(1, 4)), draw(st.integers(1, 4))
        args = scan_args(kit.generator(draw), batch, L, D, N, strong=draw(st.integers(0, 4)) == 0,
                         x_scale=draw(st.sampled_from([1.0, 3.0])))
        return scan_case(args, draw(st.integers(1, 6)) if chunked else None)
    return inputs


def example_case(chunk_size=None):
    return Case(args=(torch.tensor([[[1.0], [0.0], [2.0]]]), torch.full((1, 3, 1), 0.5), torch.tensor([[-1.0, -2.0]]),
                      torch.tensor([[[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]]), torch.ones(1, 3, 2)),
                kwargs={} if chunk_size is None else {"chunk_size": chunk_size}, label="the prompt's example")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def sequential_like(b_delta=True, a_delta=True, euler=False, read_before=False, swap_bc=False):
    """selective_scan with one classic mistake switched on."""
    def selective_scan(x, delta, A, B, C):
        if swap_bc:
            B, C = C, B
        dA = delta[..., None] * A if a_delta else A.expand(*delta.shape, A.shape[-1])
        decay = 1 + dA if euler else torch.exp(dA)
        u = (delta[..., None] if b_delta else 1.0) * B[:, :, None, :] * x[..., None]
        h = x.new_zeros(x.shape[0], x.shape[2], A.shape[1])
        ys = []
        for t in range(x.shape[1]):
            if read_before:
                ys.append((h * C[:, t, None, :]).sum(-1))
            h = decay[:, t] * h + u[:, t]
            if not read_before:
                ys.append((h * C[:, t, None, :]).sum(-1))
        return torch.stack(ys, dim=1)
    return selective_scan


def chunked_like(carry=True, decay_carry=True, own_step=False, b_delta=True, ratio=False, mask_after=False,
                 drop_tail=False):
    """selective_scan_chunked with one classic mistake switched on."""
    def selective_scan_chunked(x, delta, A, B, C, chunk_size=64):
        batch, L, D = x.shape
        h = x.new_zeros(batch, D, A.shape[1])
        ys = []
        stop = L - L % chunk_size if drop_tail else L      # range(L // chunk_size) chunks: none when L < chunk_size
        for start in range(0, stop, chunk_size):
            dt, xc = delta[:, start:start + chunk_size], x[:, start:start + chunk_size]
            Bc, Cc = B[:, start:start + chunk_size], C[:, start:start + chunk_size]
            c = xc.shape[1]
            a = dt[..., None] * A
            cum = torch.cumsum(a, dim=1)
            later = torch.ones(c, c, dtype=torch.bool, device=x.device).triu(1)[None, :, :, None, None]
            if ratio:                            # exp(cum_t) / exp(cum_s): both underflow to 0
                decay = cum.exp()[:, :, None] / cum.exp()[:, None, :]
                decay = decay.masked_fill(later, 0.0)
            else:
                seg = cum[:, :, None] - cum[:, None, :] + (a[:, None] if own_step else 0.0)
                if mask_after == "where":        # exp first: exp(positive) may be inf, its gradient NaN
                    decay = torch.where(later, torch.zeros_like(seg), seg.exp())
                elif mask_after:                 # times a 0/1 mask: inf · 0 is NaN in the values too
                    decay = seg.exp() * (~later).to(seg.dtype)
                else:
                    decay = seg.masked_fill(later, float("-inf")).exp()
            u = (dt[..., None] if b_delta else 1.0) * Bc[:, :, None, :] * xc[..., None]
            hs = torch.einsum("btsdn,bsdn->btdn", decay, u)
            if carry:
                hs = hs + (cum.exp() if decay_carry else 1.0) * h[:, None]
            ys.append(torch.einsum("btdn,btn->btd", hs, Cc))
            h = hs[:, -1]
        if drop_tail and stop < L:
            ys.append(x.new_zeros(batch, L - stop, D))
        return torch.cat(ys, dim=1)
    return selective_scan_chunked


B_WITHOUT_DELTA = "discretisation of B without Δ: the input enters as Δ_t B_t x_t, not B_t x_t"
MASK_AFTER_EXP = ("pairs s > t masked after the exponential: exp(cum_t - cum_s) overflows there, and the "
                  "values (inf · 0) or the gradients (through a where) are NaN; mask with -inf before exp")
def one_chunk_of_pairs(case):
    """Twice one chunk's pairwise decays, (batch, c, c, D, N): room for the einsum's own copy."""
    (x, _, A, _, _), c = case.args, case.kwargs["chunk_size"]
    return 2 * x.shape[0] * c * c * x.shape[2] * A.shape[1]


IN_PLACE = Mistake("an input changed in place (x *= delta edits the caller's tensor): make new tensors",
                   check="inputs unchanged")

SEQUENTIAL = Entry(
    "selective_scan",
    inputs=inputs_with(False),
    examples=[
        example_case(),
        seeded_case(1, 2, 7, 3, 4, label="batch 2, 7 steps, 3 channels, 4 state dims"),
        seeded_case(2, 1, 1, 2, 3, label="one step"),
        seeded_case(3, 2, 9, 1, 1, x_scale=3.0, label="one channel, one state dim"),
        seeded_case(4, 1, 6, 4, 2, strong=True, label="strong decays (Δ A down to -60)"),
    ],
    extreme=[seeded_case(5, 1, 512, 4, 8, label="512 steps"),
             seeded_case(6, 2, 40, 3, 4, strong=True, x_scale=100.0, label="strong decays, x near ±300")],
    mistakes=[
        Mistake(B_WITHOUT_DELTA, like=sequential_like(b_delta=False),
                hint="Both parameters of the continuous system are scaled by the step: exp(Δ A) for the decay and "
                     "Δ B for the input, u = delta[..., None] * B[:, :, None, :] * x[..., None]."),
        Mistake("decay exp(A) without Δ: the state decays by exp(Δ_t A) at each step", like=sequential_like(a_delta=False)),
        Mistake("decay 1 + Δ A (Euler) instead of exp(Δ A)", like=sequential_like(euler=True)),
        Mistake("output read before the state update: y_t = C_t · h_t, with x_t already in h_t",
                like=sequential_like(read_before=True)),
        Mistake("B and C swapped: B writes x into the state, C reads y out of it",
                like=sequential_like(swap_bc=True)),
        IN_PLACE,
    ],
    loops=Loops(small=seeded_case(7, 2, 6, 3, 2), large=seeded_case(7, 5, 6, 7, 5),
                over="the batch, the channels and the state dims"),
    speed=Speed(lambda seed: seeded_case(20 + seed, 8, 64, 64, 16), limit=30.0),
)

CHUNKED = Entry(
    "selective_scan_chunked",
    inputs=inputs_with(True),
    examples=[
        example_case(2),
        seeded_case(1, 2, 7, 3, 4, chunk_size=3, label="3 chunks, the last one shorter"),
        seeded_case(2, 1, 1, 2, 3, chunk_size=4, label="one step, chunk_size 4"),
        seeded_case(3, 2, 9, 1, 1, chunk_size=1, x_scale=3.0, label="chunk_size 1"),
        seeded_case(4, 1, 6, 4, 2, chunk_size=64, label="one chunk longer than the sequence"),
        seeded_case(8, 2, 8, 3, 2, chunk_size=4, strong=True, label="strong decays (Δ A down to -60), 2 chunks"),
    ],
    extreme=[seeded_case(5, 1, 512, 4, 8, chunk_size=64, label="512 steps in chunks of 64"),
             seeded_case(6, 2, 40, 3, 4, chunk_size=16, strong=True, x_scale=100.0,
                         label="strong decays: cum down to -1000 in a chunk of 16, x near ±300")],
    mistakes=[
        Mistake("state not carried across chunks: each chunk starts from the state the previous one ended with",
                like=chunked_like(carry=False),
                hint="Keep h after each chunk (h = hs[:, -1]) and add exp(cum_t) ∘ h to every step of the next one."),
        Mistake("carried state not decayed inside the chunk: it reaches step t as exp(cum_t) ∘ h_in",
                like=chunked_like(decay_carry=False)),
        Mistake("decay inside a chunk off by one: the input of step s decays over the steps after it, "
                "exp(cum_t - cum_s), not from s itself", like=chunked_like(own_step=True)),
        Mistake(B_WITHOUT_DELTA, like=chunked_like(b_delta=False)),
        Mistake("decay between steps computed as exp(cum_t) / exp(cum_s): both underflow for strong decays; take "
                "exp(cum_t - cum_s)", like=chunked_like(ratio=True)),
        Mistake(MASK_AFTER_EXP, like=chunked_like(mask_after="where"),
                hint="For s > t, cum_t - cum_s is positive and large: exp gives inf, and inf · 0 (or the gradient "
                     "of a torch.where over it) is NaN. masked_fill(s > t, -inf) first, then exp: exp(-inf) = 0."),
        Mistake(MASK_AFTER_EXP, like=chunked_like(mask_after="multiply")),
        Mistake("the last, shorter chunk dropped (L not a multiple of chunk_size)", like=chunked_like(drop_tail=True)),
        Mistake("pairwise decays for more than one chunk at once (chunk_size ignored, or every chunk in one "
                "tensor): loop over the chunks, each (batch, chunk_size, chunk_size, D, N) at most",
                check="memory"),
        IN_PLACE,
    ],
    # 128 steps in chunks of 16: one chunk's pairs 2·16·16·2·2, the whole sequence's 64 times as many
    memory=Memory(case=seeded_case(10, 2, 128, 2, 2, chunk_size=16), limit=one_chunk_of_pairs),
    loops=Loops(small=seeded_case(9, 2, 8, 3, 2, chunk_size=4), large=seeded_case(9, 4, 24, 5, 3, chunk_size=12),
                over="the batch, the channels, the state dims and the steps inside a chunk"),
    speed=Speed(lambda seed: seeded_case(30 + seed, 8, 64, 64, 16, chunk_size=16), limit=30.0),
)

DRILL = Drill(entries=[SEQUENTIAL, CHUNKED])
