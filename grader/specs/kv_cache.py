"""kv_cache: a cache class and a decode step, graded as sequences (the cache after each update,
each decoded token's output). Particular to it: prompts that fill the cache through update(), the
gqa drill's GroupedQueryAttention (the kit's attention, bias-free) as the weights, a count of
multiply-adds that must not grow with the prefix, and the mistakes of RoPE, scaling and head
grouping from the kit's parts."""
from hypothesis import strategies as st

import torch
from grader.engine import kit
from grader.engine.counting import count_work
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed, Trace

META = dict(oracle="one causal GQA pass with transformers' LLaMA RoPE", title="KV-cache decoding", zh="KV缓存", topic="attention", difficulty="medium", minutes=20,
            follow_ups=[{"ask": "Your cache stores 2 · n_kv_heads · head_dim numbers per token and layer. "
                                "DeepSeek-V2 caches one small latent per token instead and rebuilds keys and "
                                "values from it: write multi-head latent attention.", "drill": "mla"}])
HINTS = [
    "KVCache: keep self.k = self.v = None; update() stores the first chunk, then "
    "torch.cat([self.k, k_new], dim=2) (time is dim 2 of (B, n_kv, T, hd)), and returns self.k, self.v.",
    "decode_step projects ONLY x_t: q (B, n_heads, 1, hd), k and v (B, n_kv, 1, hd). The earlier tokens' "
    "keys and values come back from cache.update(k, v).",
    "Rotate q and k at position pos BEFORE caching k: angles = pos * 10000 ** (-arange(0, hd, 2) / hd), "
    "repeated for both halves; rope(x) = x * cos + cat(-x2, x1) * sin. A cached key keeps the rotation "
    "of its own position, and q·k then depends only on the distance.",
    "Grouped attention over the cache: view q as (B, n_kv, g, 1, hd) and k_all as (B, n_kv, 1, T, hd) so matmul "
    "broadcasts (or repeat_interleave k_all and v_all g times on dim 1). No mask: the new token sees the "
    "whole cache. Merge heads to (B, 1, n_heads*hd) and apply o_proj.",
]



# ---- KVCache.update ------------------------------------------------------------------------------

def chunks_case(B, n_kv, hd, sizes, seed=0, label=""):
    chunks = [(seeded(seed + 2 * i, B, n_kv, T, hd), seeded(seed + 2 * i + 1, B, n_kv, T, hd))
              for i, T in enumerate(sizes)]
    what = f"update() with chunks of T = {', '.join(map(str, sizes))} tokens, (B, n_kv, T, hd) = ({B}, {n_kv}, T, {hd})"
    return Case(kwargs={"chunks": chunks}, init=(), label=label or what)


def update_inputs(draw) -> Case:
    B, n_kv, hd = draw(st.integers(1, 3)), draw(st.integers(1, 3)), draw(st.integers(1, 4))
    sizes = draw(st.lists(st.integers(1, 4), min_size=1, max_size=4))
    return chunks_case(B, n_kv, hd, sizes, seed=draw(st.integers(0, 2**16)))


def updates(update, case, ns):
    trace = Trace()
    for i, (k, v) in enumerate(case.kwargs["chunks"], 1):
        trace.step(f"after update() {i} of {len(case.kwargs['chunks'])}", update(k, v))
    return trace


class Overwrites:
    def __init__(self):
        self.k = self.v = None

    def update(self, k_new, v_new):
        self.k, self.v = k_new, v_new
        return self.k, self.v


class WrongAxis:
    def __init__(self):
        self.k = self.v = None

    def update(self, k_new, v_new):
        self.k = k_new if self.k is None else torch.cat([self.k, k_new], dim=1)
        self.v = v_new if self.v is None else torch.cat([self.v, v_new], dim=1)
        return self.k, self.v


class NewestFirst:
    def __init__(self):
        self.k = self.v = None

    def update(self, k_new, v_new):
        self.k = k_new if self.k is None else torch.cat([k_new, self.k], dim=2)
        self.v = v_new if self.v is None else torch.cat([v_new, self.v], dim=2)
        return self.k, self.v


UPDATE = Entry(
    "KVCache.update",
    inputs=update_inputs,
    run=updates,
    examples=[chunks_case(2, 2, 4, [3, 1], label="the prompt's example: a 3-token prompt, then one token"),
              chunks_case(2, 3, 4, [3, 1, 2], seed=10),
              chunks_case(1, 1, 2, [1], seed=20, label="one token")],
    mistakes=[
        Mistake("update() overwrites the cache instead of appending (torch.cat([self.k, k_new], dim=2))",
                like=Overwrites),
        Mistake("appended along dim 1 (the heads) instead of dim 2 (time)", like=WrongAxis,
                error=r"Sizes of tensors must match except in dimension 1"),
        Mistake("the new tokens put before the cached ones: the cache is oldest first", like=NewestFirst),
    ],
    grad=False,
)


# ---- decode_step -----------------------------------------------------------------------------------

def inputs(draw) -> Case:
    n_kv, g, half = draw(st.integers(1, 2)), draw(st.integers(1, 3)), draw(st.integers(1, 3))
    B, S = draw(st.integers(1, 3)), draw(st.integers(1, 6))
    n_heads = n_kv * g
    x = randn(draw, B, S, n_heads * 2 * half)        # head_dim = 2 * half: RoPE needs it even
    return decoding(x, n_heads, n_kv, prompt=draw(st.integers(0, S - 1)), seed=draw(st.integers(0, 2**16)))


def decoding(x, n_heads, n_kv_heads, prompt=0, seed=0, scale=1.0, label=""):
    what = f"a {prompt}-token prompt through update(), then " if prompt else ""
    return Case(kwargs={"sequence": x, "n_heads": n_heads, "n_kv_heads": n_kv_heads, "prompt_len": prompt},
                seed=seed, scale=scale, label=label or f"{what}each token of `sequence` decoded in turn")


class GroupedQueryAttention(kit.Attention):
    """The gqa drill's module as the prompt describes it: bias-free q_proj, k_proj, v_proj, o_proj and
    the ints n_heads, n_kv_heads, head_dim. decode_step reads its weights; it never calls it."""

    def __init__(self, d_model, n_heads, n_kv_heads):
        super().__init__(d_model, n_heads, n_kv_heads, bias=False)
        self.n_kv_heads, self.head_dim = n_kv_heads, self.hd


def weights(case: Case, x: torch.Tensor) -> GroupedQueryAttention:
    """The attention weights decode_step reads: the same for every run of a case, on x's device."""
    torch.manual_seed(case.seed)
    attn = GroupedQueryAttention(x.shape[-1], case.kwargs["n_heads"], case.kwargs["n_kv_heads"])
    return attn.to(device=x.device, dtype=x.dtype)


def prompt_kv(attn: GroupedQueryAttention, x: torch.Tensor):
    """The prompt's cache entries: keys rotated at their positions, values, (B, n_kv, P, hd)."""
    B, P, _ = x.shape
    k = attn.k_proj(x).view(B, P, attn.n_kv_heads, attn.head_dim).transpose(1, 2)
    v = attn.v_proj(x).view(B, P, attn.n_kv_heads, attn.head_dim).transpose(1, 2)
    return kit.rope(k, torch.arange(P, device=x.device)), v


def decode(decode_step, case: Case, ns):
    """Decode case's sequence step by step with the KVCache of the same file."""
    x, prompt = case.kwargs["sequence"], case.kwargs["prompt_len"]
    attn = weights(case, x)
    cache = ns.KVCache()
    if prompt:
        cache.update(*prompt_kv(attn, x[:, :prompt]))
    trace = Trace()
    for t in range(prompt, x.shape[1]):
        trace.step(f"decode_step(x_t, attn, cache, pos={t})", decode_step(x[:, t:t + 1], attn, cache, t))
    return trace


def step_cost_constant(call, case):
    """Per step, only attending over the cache may grow with the number of cached tokens: the total
    multiply-adds of decoding S tokens grow like S² with coefficient (attending per token) / 2.
    Projecting again the prefix's keys and values adds 2·B·d_model·n_kv·hd per cached token."""
    B, H, n_kv, d_model = 2, 4, 2, 64
    hd = d_model // H
    work = []
    for S in (4, 8, 12):
        c = decoding(seeded(1, B, S, d_model), H, n_kv, seed=3)
        work.append(count_work(lambda: call(c))[1])
    growth = (work[2] - 2 * work[1] + work[0]) / (2 * 4 ** 2)     # the coefficient of S²
    attending = 2 * B * H * hd                                     # q·k and weights·v over one more token
    if growth > attending:
        raise Fail(f"decoding S = 4, 8, 12 tokens (B={B}, d_model={d_model}, n_heads={H}, n_kv_heads={n_kv}) took "
                   f"{work[0]:,}, {work[1]:,} and {work[2]:,} multiply-adds in matrix products: each step's work grows "
                   f"by {2 * growth:,.0f} per cached token, while attending over one more token needs {attending:,}. "
                   f"Are the keys and values (or queries) of earlier tokens computed again each step? Project only "
                   f"x_t and append its k, v to the cache",
                   mistake="the prefix is projected again at every step (the point of the cache is not to)")


def decoder(at_zero=False, rotate_v=False, d_model_scale=False, tile=False, only_new=False, interleaved=False):
    """decode_step written as a learner would, with one classic mistake switched on."""
    def decode_step(x_t, attn, cache, pos):
        B = x_t.shape[0]
        H, n_kv, hd = attn.n_heads, attn.n_kv_heads, attn.head_dim
        q = attn.q_proj(x_t).view(B, 1, H, hd).transpose(1, 2)
        k = attn.k_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2)
        v = attn.v_proj(x_t).view(B, 1, n_kv, hd).transpose(1, 2)
        where = torch.tensor([0 if at_zero else pos], device=x_t.device)
        q, k = kit.rope(q, where, interleaved=interleaved), kit.rope(k, where, interleaved=interleaved)
        if rotate_v:
            v = kit.rope(v, where)
        k_all, v_all = cache.update(k, v)
        if only_new:
            k_all, v_all = k, v
        k_all, v_all = kit.repeat_kv(k_all, H, tile), kit.repeat_kv(v_all, H, tile)
        scale = x_t.shape[-1] ** -0.5 if d_model_scale else hd ** -0.5
        out = kit.attend(q, k_all, v_all, scale=scale)
        return attn.o_proj(out.transpose(1, 2).reshape(B, 1, H * hd))
    return decode_step


DECODE = Entry(
    "decode_step",
    inputs=inputs,
    run=decode,
    examples=[
        decoding(seeded(1, 2, 3, 16), 4, 2, label="the prompt's example: 3 tokens decoded in turn"),
        decoding(seeded(2, 2, 5, 12), 6, 2, prompt=2, seed=1),
        decoding(seeded(3, 1, 4, 8), 2, 1, seed=2, label="multi-query (n_kv_heads=1), each token decoded in turn"),
        decoding(seeded(4, 3, 4, 8), 2, 2, prompt=3, seed=3, label="n_kv_heads == n_heads, a 3-token prompt, "
                                                                    "then one step"),
        decoding(seeded(5, 2, 1, 4), 1, 1, seed=4, label="one token, one head"),
    ],
    extreme=[
        decoding(seeded(6, 2, 4, 16, scale=30.0), 4, 2, prompt=1, scale=30.0, label="large inputs: scores ~ 1e4"),
        decoding(seeded(7, 1, 40, 16), 4, 1, label="40 tokens decoded in turn"),
        decoding(seeded(8, 2, 1004, 16), 4, 2, prompt=1000, scale=20.0,
                 label="a 1000-token prompt, then positions 1000..1003"),
    ],
    invariants=[kit.batch_independence(arg_at="sequence"), Invariant("no recomputation of the prefix",
                                                                        step_cost_constant, drawn=False)],
    mistakes=[
        Mistake("RoPE missing, or not at each token's own position: rotate q and k at `pos` before k is "
                "cached (keys all rotated at the current position cancel out like no RoPE)", like=decoder(at_zero=True)),
        Mistake("RoPE applied to v as well: it rotates only queries and keys", like=decoder(rotate_v=True)),
        Mistake(kit.SCALED_BY_D_MODEL, like=decoder(d_model_scale=True)),
        Mistake(kit.KV_HEAD_MODULO, like=decoder(tile=True)),
        Mistake(kit.ROPE_INTERLEAVED, like=decoder(interleaved=True)),
        Mistake("the new token attends only to itself: it must attend to everything update() returns "
                "(does update() overwrite the cache instead of appending?)", like=decoder(only_new=True)),
        Mistake("the prefix is projected again at every step (the point of the cache is not to)"),
    ],
    grad=False,
    loops=Loops(small=decoding(seeded(1, 2, 3, 16), 2, 1, prompt=1, seed=4),
                large=decoding(seeded(1, 5, 3, 16), 8, 2, prompt=1, seed=4), over="the batch or the heads"),
    speed=Speed(lambda seed: decoding(seeded(9 + seed, 512, 6, 8), 2, 1, prompt=2), limit=30.0),
)

DRILL = Drill(entries=[UPDATE, DECODE])
