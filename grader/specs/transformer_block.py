"""transformer_block: a module composed of the rmsnorm, gqa, rope and swiglu drills, graded through
its forward with reference weights loaded (the RMSNorm weights moved off 1). Particular to it:
positions that are not always 0..S-1 and not always contiguous (RoPE inside attention sees only
distances, so a block that ignores `positions` passes on contiguous ones), a tolerance that grows
with the positions, causality and relative-position invariants, and the mistakes of the block's own
wiring (norm placement, residuals, where RoPE goes) beside those of the kit's parts it is built from
(scaling, kv heads, RoPE pairing, SwiGLU's branch), named by one learner-style block."""
from hypothesis import strategies as st

import torch
from torch import nn
from grader.engine import kit
from grader.engine.kit import randn, seeded
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(oracle="transformers' LlamaDecoderLayer", title="Pre-norm decoder block", zh="解码器层", topic="positions and blocks", difficulty="hard",
            minutes=30,
            follow_ups=[{"ask": "When generating, the block sees one new token at a time. Keep the keys and values "
                                "of earlier tokens in a cache and write one decoding step of its attention.",
                         "drill": "kv_cache"}])
HINTS = [
    "Pre-norm: h = x + attn(attn_norm(x), positions); out = h + ffn(ffn_norm(h)). The norms only see what "
    "goes INTO a sublayer; the residual stream x, h is added back un-normalised.",
    "Name the submodules exactly: self.attn holds q_proj, k_proj, v_proj, o_proj (bias-free nn.Linear), "
    "self.ffn holds gate_proj, up_proj, down_proj; attn_norm and ffn_norm each have a `weight`.",
    "Inside attention: split q into (B, n_heads, S, hd) and k, v into (B, n_kv_heads, S, hd) FIRST, then RoPE on q "
    "and k per head (each head_dim vector rotated with pairs i, i + hd/2), never on v.",
    "Causal GQA: k.repeat_interleave(n_heads // n_kv_heads, dim=1) (same for v), scores / sqrt(hd), mask the "
    "future with torch.ones(S, S, dtype=torch.bool, device=x.device).triu(1), softmax, @ v, merge heads, o_proj.",
]


def case(x, positions, init, seed=0, scale=1.0, label=""):
    return Case(args=(x,), kwargs={"positions": positions}, init=init, seed=seed,
                scale=scale * kit.position_scale(positions), label=label)


def inputs(draw) -> Case:
    n_kv, g, half = draw(st.integers(1, 2)), draw(st.integers(1, 2)), draw(st.integers(1, 2))
    B, S, d_ff = draw(st.integers(1, 3)), draw(st.integers(1, 6)), draw(st.integers(1, 12))
    n_heads = n_kv * g
    d_model = n_heads * 2 * half                   # head_dim = 2 * half: RoPE needs it even
    return case(randn(draw, B, S, d_model), kit.positions(draw, S), (d_model, n_heads, n_kv, d_ff),
                seed=draw(st.integers(0, 2**16)))


def relative_positions(call, case):
    shifted = kit.with_arg(case, "positions", case.kwargs["positions"] + 7)
    a, b = call(case).detach(), call(shifted).detach()
    diff = (a - b).abs().max().item()
    if diff > 1e-4 * case.scale:
        raise Fail(f"moving every token 7 positions further changed the output by {diff:.2g}: with RoPE on q and k "
                   f"alone, attention depends only on the distances between tokens (is v rotated too?)")


# ---- classic mistakes: one block written as a learner would, from the kit's parts ----------------

def block_like(mistake):
    """DecoderBlock written as a learner would, with one classic mistake switched on: "post-norm",
    "no attention residual", "no ffn residual", "no rope", "positions ignored", "rope on v",
    "rope before the head split", "not causal", "d_model scale", "kv tiled", "interleaved rope",
    "swiglu wrong branch"."""
    m = mistake

    class DecoderBlock(nn.Module):
        def __init__(self, d_model, n_heads, n_kv_heads, d_ff):
            super().__init__()
            self.n_heads, self.n_kv, self.hd = n_heads, n_kv_heads, d_model // n_heads
            self.attn_norm = nn.RMSNorm(d_model, eps=1e-6)
            self.attn = nn.ModuleDict({"q_proj": nn.Linear(d_model, d_model, bias=False),
                                       "k_proj": nn.Linear(d_model, n_kv_heads * self.hd, bias=False),
                                       "v_proj": nn.Linear(d_model, n_kv_heads * self.hd, bias=False),
                                       "o_proj": nn.Linear(d_model, d_model, bias=False)})
            self.ffn_norm = nn.RMSNorm(d_model, eps=1e-6)
            self.ffn = nn.ModuleDict({"gate_proj": nn.Linear(d_model, d_ff, bias=False),
                                      "up_proj": nn.Linear(d_model, d_ff, bias=False),
                                      "down_proj": nn.Linear(d_ff, d_model, bias=False)})

        def attention(self, h, positions):
            a, (B, S, d_model) = self.attn, h.shape
            q, k, v = a["q_proj"](h), a["k_proj"](h), a["v_proj"](h)
            if m == "rope before the head split":
                q, k = kit.rope(q, positions), kit.rope(k, positions)
            q = q.view(B, S, self.n_heads, self.hd).transpose(1, 2)
            k = k.view(B, S, self.n_kv, self.hd).transpose(1, 2)
            v = v.view(B, S, self.n_kv, self.hd).transpose(1, 2)
            if m not in ("no rope", "rope before the head split"):
                where = torch.arange(S, device=h.device) if m == "positions ignored" else positions
                q = kit.rope(q, where, interleaved=m == "interleaved rope")
                k = kit.rope(k, where, interleaved=m == "interleaved rope")
                if m == "rope on v":
                    v = kit.rope(v, where)
            k = kit.repeat_kv(k, self.n_heads, tile=m == "kv tiled")
            v = kit.repeat_kv(v, self.n_heads, tile=m == "kv tiled")
            keep = None if m == "not causal" else kit.causal_keep(S, S, h.device)
            out = kit.attend(q, k, v, keep, scale=d_model ** -0.5 if m == "d_model scale" else None)
            return a["o_proj"](out.transpose(1, 2).reshape(B, S, d_model))

        def feed_forward(self, h):
            f = self.ffn
            return kit.swiglu(h, f["gate_proj"].weight, f["up_proj"].weight, f["down_proj"].weight,
                              wrong_branch=m == "swiglu wrong branch")

        def forward(self, x, positions):
            if m == "post-norm":                         # the original Transformer's order
                x = kit.rmsnorm(x + self.attention(x, positions), self.attn_norm.weight)
                return kit.rmsnorm(x + self.feed_forward(x), self.ffn_norm.weight)
            h = self.attention(kit.rmsnorm(x, self.attn_norm.weight), positions)
            h = h if m == "no attention residual" else x + h
            out = self.feed_forward(kit.rmsnorm(h, self.ffn_norm.weight))
            return out if m == "no ffn residual" else h + out
    return DecoderBlock


def gaps(*positions):
    return torch.tensor(positions)


DRILL = Drill(entries=[Entry(
    "DecoderBlock",
    inputs=inputs,
    examples=[
        case(seeded(1, 2, 5, 16), torch.arange(5), (16, 4, 2, 32), label="the prompt's example"),
        case(seeded(2, 2, 4, 12), gaps(10, 11, 14, 20), (12, 3, 1, 8), seed=1,
             label="positions with gaps, multi-query"),
        case(seeded(3, 3, 6, 8), gaps(0, 5, 6, 7, 30, 31), (8, 2, 2, 16), seed=2,
             label="positions with gaps, n_kv_heads == n_heads"),
        case(seeded(4, 2, 5, 16), gaps(3, 9, 4, 0, 12), (16, 4, 2, 32), seed=3, label="positions in any order"),
        case(seeded(5, 2, 4, 12), torch.arange(4) + 10, (12, 3, 1, 8), seed=4,
             label="positions 10..13 (a chunk after 10 cached tokens)"),
        case(seeded(6, 1, 1, 8), gaps(3), (8, 4, 2, 4), seed=5, label="S=1, head_dim=2"),
    ],
    extreme=[
        case(seeded(7, 2, 4, 16, scale=100.0), gaps(0, 2, 3, 7), (16, 4, 2, 32), scale=100.0,
             label="large inputs: the residual stream grows, the normalised sublayer inputs do not"),
        case(seeded(8, 1, 256, 16), torch.arange(256), (16, 2, 1, 32), label="S=256"),
        case(seeded(9, 2, 5, 16), gaps(1000, 1001, 1003, 1010, 1500), (16, 4, 2, 32),
             label="positions from 1000 to 1500"),
    ],
    invariants=[kit.causality(causal_key=None), kit.batch_independence(),
                Invariant("depends only on relative positions", relative_positions)],
    mistakes=[
        kit.FLOAT_HEAD_DIM,
        Mistake("post-norm instead of pre-norm: normalise each sublayer's input, x + attn(attn_norm(x)), not the "
                "sum attn_norm(x + attn(x))", like=block_like("post-norm")),
        Mistake("attention residual missing: h = x + attn(attn_norm(x), positions)",
                like=block_like("no attention residual")),
        Mistake("FFN residual missing: out = h + ffn(ffn_norm(h))", like=block_like("no ffn residual")),
        Mistake("RoPE not applied: rotate q and k per head at `positions`", like=block_like("no rope")),
        Mistake("`positions` ignored (RoPE at 0..S-1): tokens may sit at any positions, with gaps",
                like=block_like("positions ignored"),
                hint="Attention only sees distances, so 0..S-1 and n..n+S-1 give the same output; positions with "
                     "gaps do not. Build the angles from `positions`, not from torch.arange(S)."),
        Mistake("RoPE applied to v as well: it rotates only queries and keys", like=block_like("rope on v")),
        Mistake("RoPE applied to the whole q / k projection before splitting the heads: rotate each head's "
                "head_dim vector (pairs i, i + head_dim/2)", like=block_like("rope before the head split")),
        Mistake("attention not causal: token i may attend only tokens j <= i", like=block_like("not causal")),
        Mistake(kit.SCALED_BY_D_MODEL, like=block_like("d_model scale")),
        Mistake(kit.KV_HEAD_MODULO, like=block_like("kv tiled")),
        Mistake(kit.ROPE_INTERLEAVED, like=block_like("interleaved rope")),
        Mistake(kit.SWIGLU_WRONG_BRANCH, like=block_like("swiglu wrong branch")),
    ],
    loops=Loops(small=case(seeded(10, 2, 4, 16), torch.arange(4), (16, 2, 1, 32)),
                large=case(seeded(10, 5, 4, 16), torch.arange(4), (16, 8, 2, 32)), over="the batch and the heads"),
    speed=Speed(lambda seed: case(seeded(seed, 512, 8, 16), torch.arange(8), (16, 2, 1, 32)), limit=30.0),
)])
