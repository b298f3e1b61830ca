"""mla: a module with two entries graded with reference weights loaded: forward, and latent_cache,
the per-token cache that is the point of MLA. Particular to it: the cache's width (kv_rank +
rope_dim, not per-head keys and values), each token cached on its own, attention rebuilt from the
cache alone the way DeepSeek decodes, RoPE up to position 255, and the mistakes of the scale, the
per-head split of q, the cache's content and a RoPE key per head."""
from hypothesis import strategies as st

import torch
from torch import nn

from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(oracle="transformers' DeepseekV2Attention", title="Multi-head latent attention (DeepSeek-V2)", zh="多头潜在注意力", topic="attention",
            difficulty="hard", minutes=30)
HINTS = [
    "Only two things are cached per token: c = kv_norm(kv_down(x)) (kv_rank numbers) and the rotated shared key "
    "k_pe = rope(k_rope(x)) (rope_dim numbers). latent_cache returns torch.cat([c, k_pe], -1).",
    "In forward, split the cache back with .split([kv_rank, rope_dim], -1) and rebuild per-head keys and values "
    "from c: k_up(c) and v_up(c) viewed as (B, S, H, head_dim) and transposed to (B, H, S, head_dim).",
    "q_proj(x).view(B, S, H, head_dim + rope_dim): split EACH head into its first head_dim (content) and last "
    "rope_dim (position) features; only the position part gets RoPE.",
    "scores = (q_nope @ k_nopeᵀ + q_pe @ k_pe[:, None]ᵀ) / sqrt(head_dim + rope_dim): k_pe[:, None] is "
    "(B, 1, S, rope_dim) and broadcasts over the heads. Then causal mask, softmax, @ v, merge heads, o_proj.",
]


def draw_init(draw) -> tuple:
    n_heads, head_dim = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    kv_rank, rope_dim, d_model = draw(st.integers(1, 6)), 2 * draw(st.integers(1, 2)), draw(st.integers(1, 8))
    return d_model, n_heads, kv_rank, rope_dim, head_dim


def inputs(draw) -> Case:
    init, B, S = draw_init(draw), draw(st.integers(1, 3)), draw(st.integers(1, 6))
    return Case(args=(randn(draw, B, S, init[0]),), kwargs={"causal": draw(st.booleans())}, init=init,
                seed=draw(st.integers(0, 2**16)))


def cache_inputs(draw) -> Case:
    init, B, S = draw_init(draw), draw(st.integers(1, 3)), draw(st.integers(1, 6))
    return Case(args=(randn(draw, B, S, init[0]),), init=init, seed=draw(st.integers(0, 2**16)))


def case(seed, B, S, init, causal=True, label="", scale=1.0) -> Case:
    return Case(args=(seeded(seed, B, S, init[0], scale=scale),), kwargs={"causal": causal}, init=init,
                label=label, scale=scale)


def cache_case(c: Case) -> Case:
    """The same module and input, for latent_cache(x)."""
    return Case(args=c.args, init=c.init, label=c.label, scale=c.scale, seed=c.seed)


# ---- the point of MLA: attention from the cache alone ------------------------------------------

def true_cache(w: dict, x: torch.Tensor, rope_dim: int) -> torch.Tensor:
    """The cache the prompt defines, from the weights: [kv_norm(kv_down(x)), RoPE(k_rope(x))]."""
    positions = torch.arange(x.shape[1])
    return torch.cat([kit.rmsnorm(x @ w["kv_down.weight"].T, w["kv_norm.weight"]),
                      kit.rope(x @ w["k_rope.weight"].T, positions)], dim=-1)


def attention_from_cache(w: dict, x: torch.Tensor, cache: torch.Tensor, init) -> torch.Tensor:
    """Causal attention rebuilt from `cache` and the weights the way DeepSeek decodes: k_up is
    absorbed into the queries and v_up applied after weighting, so keys and values are never
    expanded per head."""
    _, H, kv_rank, rope_dim, hd = init
    B, S, _ = x.shape
    c, k_pe = cache.split([kv_rank, rope_dim], dim=-1)                                   # (B, S, r), (B, S, rd)
    q = (x @ w["q_proj.weight"].T).view(B, S, H, hd + rope_dim).transpose(1, 2)
    q_nope, q_pe = q.split([hd, rope_dim], dim=-1)
    q_pe = kit.rope(q_pe, torch.arange(S))
    q_latent = torch.einsum("bhsd,hdr->bhsr", q_nope, w["k_up.weight"].view(H, hd, kv_rank))    # k_up absorbed
    scores = q_latent @ c[:, None].transpose(-2, -1) + q_pe @ k_pe[:, None].transpose(-2, -1)   # (B, H, S, S)
    scores = (scores * (hd + rope_dim) ** -0.5).masked_fill(torch.ones(S, S, dtype=torch.bool).triu(1), float("-inf"))
    latent_out = torch.softmax(scores, dim=-1) @ c[:, None]                              # (B, H, S, kv_rank)
    out = torch.einsum("bhsr,hdr->bshd", latent_out, w["v_up.weight"].view(H, hd, kv_rank))
    return out.reshape(B, S, H * hd) @ w["o_proj.weight"].T


CACHES_FULL_KV = "full per-head keys and values cached: MLA caches the kv_rank latent and the shared RoPE key"
KEY_BEFORE_ROPE = "the shared key cached before RoPE: cache it rotated at its position"


def cache_is_enough(call, case):
    w = {}
    cache = call(case, state=w.update)          # w: the weights the learner's module was built with
    x = case.args[0]
    B, S, _ = x.shape
    _, H, kv_rank, rope_dim, hd = case.init
    if not isinstance(cache, torch.Tensor) or tuple(cache.shape) != (B, S, kv_rank + rope_dim):
        shape = tuple(cache.shape) if isinstance(cache, torch.Tensor) else type(cache).__name__
        full = isinstance(cache, torch.Tensor) and cache.shape[-1] == H * (2 * hd + rope_dim)
        raise Fail(f"latent_cache(x) is {shape}; MLA caches only the latent and the shared RoPE key per token: "
                   f"({B}, {S}, {kv_rank + rope_dim}). Per-head keys and values are what MLA avoids caching",
                   mistake=CACHES_FULL_KV if full else "")
    cache = cache.detach()
    with torch.no_grad():
        want = attention_from_cache(w, x, true_cache(w, x, rope_dim), case.init)
        got = attention_from_cache(w, x, cache, case.init)
        unrotated = x @ w["k_rope.weight"].T
    diff = (got - want).abs().nan_to_num(float("inf")).max().item()
    if diff > 1e-4 * max(1.0, case.scale) + 1e-3 * want.abs().max().item():
        before_rope = S > 1 and torch.allclose(cache[..., kv_rank:], unrotated, atol=1e-5 * max(1.0, case.scale))
        raise Fail(f"attention rebuilt from latent_cache(x) alone (the latent absorbed into the queries, as DeepSeek "
                   f"decodes) differs from MLA's attention over x by {diff:.2g}: latent_cache must return exactly "
                   f"the normalised latent and the rotated shared key", mistake=KEY_BEFORE_ROPE if before_rope else "")


def tokens_cached_alone(call, case):
    x = case.args[0]
    S = x.shape[1]
    if S < 2:
        return
    j = S // 2
    other = x.clone()
    other[:, j] = -2.0 * other[:, j] + 1.0
    a = call(case).detach()
    b = call(Case(args=(other,), init=case.init, seed=case.seed, scale=case.scale)).detach()
    rest = torch.arange(S) != j
    if a.shape != b.shape or not torch.allclose(a[:, rest], b[:, rest], atol=1e-5 * max(1.0, case.scale)):
        raise Fail(f"changing token {j} changed the cache entries of other tokens: each token's entry depends on that "
                   f"token (and its position) alone, so that decoding can append one entry per token")


# ---- classic mistakes, written as a learner would ----------------------------------------------

def mla_like(mistake=""):
    """MultiHeadLatentAttention written as a learner would, with one classic mistake:
    "head_dim scale", "q split across heads", "caches full kv", "key cached before rope"."""
    class MultiHeadLatentAttention(nn.Module):
        def __init__(self, d_model, n_heads, kv_rank, rope_dim, head_dim):
            super().__init__()
            self.h, self.r, self.rd, self.hd = n_heads, kv_rank, rope_dim, head_dim
            self.q_proj = nn.Linear(d_model, n_heads * (head_dim + rope_dim), bias=False)
            self.kv_down = nn.Linear(d_model, kv_rank, bias=False)
            self.kv_norm = nn.RMSNorm(kv_rank, eps=1e-6)
            self.k_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
            self.v_up = nn.Linear(kv_rank, n_heads * head_dim, bias=False)
            self.k_rope = nn.Linear(d_model, rope_dim, bias=False)
            self.o_proj = nn.Linear(n_heads * head_dim, d_model, bias=False)

        def latent_and_key(self, x):
            c = self.kv_norm(self.kv_down(x))
            return c, kit.rope(self.k_rope(x), torch.arange(x.shape[1], device=x.device))

        def latent_cache(self, x):
            B, S, _ = x.shape
            c, k_pe = self.latent_and_key(x)
            if mistake == "caches full kv":
                k = torch.cat([self.k_up(c).view(B, S, self.h, self.hd), k_pe[:, :, None].expand(B, S, self.h, self.rd)],
                              dim=-1)
                return torch.cat([k.reshape(B, S, -1), self.v_up(c)], dim=-1)
            if mistake == "key cached before rope":
                k_pe = self.k_rope(x)
            return torch.cat([c, k_pe], dim=-1)

        def forward(self, x, causal=True):
            B, S, _ = x.shape
            H, hd, rd = self.h, self.hd, self.rd
            c, k_pe = self.latent_and_key(x)
            q = self.q_proj(x)
            if mistake == "q split across heads":       # [all heads' content | all heads' position]
                q_nope, q_pe = q.split([H * hd, H * rd], dim=-1)
                q_nope, q_pe = q_nope.view(B, S, H, hd).transpose(1, 2), q_pe.view(B, S, H, rd).transpose(1, 2)
            else:
                q_nope, q_pe = q.view(B, S, H, hd + rd).transpose(1, 2).split([hd, rd], dim=-1)
            q_pe = kit.rope(q_pe, torch.arange(S, device=x.device))
            k = self.k_up(c).view(B, S, H, hd).transpose(1, 2)
            v = self.v_up(c).view(B, S, H, hd).transpose(1, 2)
            scale = hd ** -0.5 if mistake == "head_dim scale" else (hd + rd) ** -0.5
            scores = (q_nope @ k.transpose(-2, -1) + q_pe @ k_pe[:, None].transpose(-2, -1)) * scale
            if causal:
                scores = scores.masked_fill(torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), float("-inf"))
            out = torch.softmax(scores, dim=-1) @ v
            return self.o_proj(out.transpose(1, 2).reshape(B, S, H * hd))
    return MultiHeadLatentAttention


EXAMPLES = [
    case(1, 2, 5, (32, 4, 8, 4, 8), label="the prompt's example"),
    case(2, 2, 4, (12, 3, 5, 2, 4), causal=False, label="not causal"),
    case(3, 3, 6, (8, 1, 3, 6, 2), label="one head, rope_dim > head_dim"),
    case(4, 1, 1, (6, 2, 1, 2, 1), label="S=1, kv_rank=1, head_dim=1"),
]
EXTREME = [
    case(5, 2, 4, (16, 2, 8, 4, 8), scale=100.0,
         label="large inputs (the latent is normalised: only the query and the RoPE key grow)"),
    case(6, 1, 256, (16, 4, 8, 4, 4), scale=16.0, label="S=256: RoPE up to position 255"),
]
LOOPS = dict(small=case(7, 2, 4, (16, 2, 6, 4, 4)), large=case(7, 5, 4, (16, 8, 6, 4, 4)))

FORWARD = Entry(
    "MultiHeadLatentAttention",
    inputs=inputs,
    examples=EXAMPLES,
    extreme=EXTREME,
    invariants=[kit.causality(), kit.batch_independence()],
    mistakes=[
        Mistake("scores scaled by 1/sqrt(head_dim) only: each q·k runs over head_dim + rope_dim features, "
                "scale by 1/sqrt(head_dim + rope_dim)", like=mla_like("head_dim scale")),
        Mistake("q split into content and RoPE parts across the whole projection: split EACH head's "
                "head_dim + rope_dim features", like=mla_like("q split across heads")),
    ],
    loops=Loops(**LOOPS, over="the batch and the heads"),
    speed=Speed(lambda seed: case(8 + seed, 512, 8, (16, 2, 8, 4, 8)), limit=30.0),
)

LATENT_CACHE = Entry(
    "MultiHeadLatentAttention.latent_cache",
    inputs=cache_inputs,
    examples=[cache_case(c) for c in EXAMPLES],
    extreme=[cache_case(c) for c in EXTREME],
    invariants=[Invariant("attention from the latent cache", cache_is_enough),
                Invariant("each token cached on its own", tokens_cached_alone), kit.batch_independence()],
    mistakes=[Mistake(CACHES_FULL_KV, like=mla_like("caches full kv")),
              Mistake(KEY_BEFORE_ROPE, like=mla_like("key cached before rope"))],
    loops=Loops(**{k: cache_case(c) for k, c in LOOPS.items()}, over="the batch"),
)

DRILL = Drill(entries=[FORWARD, LATENT_CACHE], banned=kit.ATTENTION_BANNED, mistakes=[
    Mistake("parameter shapes differ from the list; if k_rope has n_heads * rope_dim rows: MLA's RoPE key is ONE "
            "key (rope_dim, d_model) shared by all heads, not one per head", check="parameters"),
])
