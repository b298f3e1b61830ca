"""sft_loss: one function returning the loss and the perplexity. Particular to it: right-padded
rows of prompts and responses with every prompt length from 1 to the row's length, rows with no
response token (the batch has one), vocabularies from 2 to 32000, logits near ±1000; an invariant
that prompt and padding positions are ignored and one that the perplexity is exp(loss); and the
mistakes of no shift, the mean over all positions, the prompt counted, the padding counted, the
first response token dropped, the mask left unshifted, per-sequence means, the perplexity of each
token averaged, and log(softmax)."""
from hypothesis import strategies as st

import torch
import torch.nn.functional as F
from grader.engine import kit
from grader.engine.spec import Case, Drill, Entry, Fail, Invariant, Loops, Mistake, Speed

META = dict(title="SFT loss on response tokens", zh="SFT损失(只算回复)", topic="post-training", difficulty="easy",
            minutes=15, oracle="F.cross_entropy with ignore_index=-100 on labels built the Hugging Face way")
HINTS = [
    "Shift first: logits[:, :-1] predict input_ids[:, 1:]. Every mask you build for the targets is shifted the "
    "same way ([:, 1:]).",
    "A response token sits at or after its row's prompt and is real: torch.arange(S) >= prompt_lens[:, None], "
    "and attention_mask. No loop: the comparison broadcasts (S,) against (B, 1).",
    "Per-token losses: F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), reduction='none'); then the "
    "masked sum divided by the number of counted tokens of the whole batch.",
    "keep = ((arange(S) >= prompt_lens[:, None]) & attention_mask)[:, 1:]; nll = per-token CE of logits[:, :-1] "
    "against input_ids[:, 1:]; loss = (nll * keep).sum() / keep.sum(); return loss, loss.exp()",
]
OUTPUTS = "compared: loss, perplexity"


def make(logits, input_ids, prompt_lens, attention_mask, label="") -> Case:
    return Case(args=(logits, input_ids, prompt_lens, attention_mask),
                label=f"{label}; {OUTPUTS}" if label else OUTPUTS,
                scale=max(1.0, logits.abs().max().item() / 10))


def batch(g, B, S, V, scale=3.0, padded=True, lengths=None, prompt_lens=None) -> Case:
    """Random logits and tokens; right-padded rows whose lengths and prompt lengths are drawn (or given)."""
    logits = scale * torch.randn(B, S, V, generator=g)
    ids = torch.randint(0, V, (B, S), generator=g)
    if lengths is None:
        lengths = torch.randint(1, S + 1, (B,), generator=g) if padded else torch.full((B,), S)
    if prompt_lens is None:
        prompt_lens = 1 + (torch.rand(B, generator=g) * lengths).long().clamp(max=lengths - 1)
    lengths, prompt_lens = torch.as_tensor(lengths), torch.as_tensor(prompt_lens)
    if not (prompt_lens < lengths).any():              # the batch has a response token
        lengths[0], prompt_lens[0] = S, min(int(prompt_lens[0]), S - 1)
    mask = torch.arange(S) < lengths[:, None]
    return logits, ids, prompt_lens, mask


def inputs(draw) -> Case:
    B, S, V = draw(st.integers(1, 4)), draw(st.integers(2, 8)), draw(st.integers(2, 10))
    return make(*batch(kit.generator(draw), B, S, V, draw(st.sampled_from([1.0, 3.0, 20.0])), draw(st.booleans())))


def _outputs(out):
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise Fail("expected (loss, perplexity)")
    return out[0].detach().double(), out[1].detach().double()


def prompt_and_padding_ignored(call, case):
    """Logits that predict no response token, and tokens that are not targets, change nothing."""
    logits, ids, prompt_lens, mask = case.args
    B, S, V = logits.shape
    response = (torch.arange(S) >= prompt_lens[:, None]) & mask
    predicts = torch.cat([response[:, 1:], torch.zeros(B, 1, dtype=torch.bool)], 1)   # logits at t -> token t + 1
    g = torch.Generator().manual_seed(2)
    other_logits = torch.where(predicts[..., None], logits, 5.0 * torch.randn(B, S, V, generator=g).to(logits.dtype))
    other_ids = torch.where(response, ids, torch.randint(0, V, (B, S), generator=g))
    a = _outputs(call(case))[0]
    b = _outputs(call(make(other_logits, other_ids, prompt_lens, mask)))[0]
    if not torch.allclose(a, b, rtol=1e-4, atol=1e-5 * max(case.scale, 1.0)):
        raise Fail(f"changing the prompt and padding tokens, and the logits that predict them, changed the loss from "
                   f"{a.item():.6g} to {b.item():.6g}: only response tokens are targets (shift by one, then mask)")


def perplexity_is_exp_loss(call, case):
    loss, ppl = _outputs(call(case))
    if not torch.isfinite(loss):
        return                                          # the value checks say what is wrong with the loss
    if not torch.allclose(ppl, loss.exp(), rtol=1e-4):
        raise Fail(f"perplexity {ppl.item():.6g} is not exp(loss) = {loss.exp().item():.6g}: it is the exponential of "
                   f"the mean per-token loss")


# ---- the classic mistakes, written as a learner would -----------------------------------------

def _response(input_ids, prompt_lens, attention_mask):
    pos = torch.arange(input_ids.shape[1])
    return (pos[None, :] >= prompt_lens[:, None]) & attention_mask


def _nll(logits, targets):
    return F.cross_entropy(logits.transpose(1, 2), targets, reduction="none")     # (B, T)


def _mean(nll, keep):
    keep = keep.to(nll.dtype)
    return (nll * keep).sum() / keep.sum()


def no_shift(logits, input_ids, prompt_lens, attention_mask):
    keep = _response(input_ids, prompt_lens, attention_mask)
    loss = _mean(_nll(logits, input_ids), keep)
    return loss, loss.exp()


def mean_over_all_positions(logits, input_ids, prompt_lens, attention_mask):
    keep = _response(input_ids, prompt_lens, attention_mask)[:, 1:].to(logits.dtype)
    nll = _nll(logits[:, :-1], input_ids[:, 1:])
    loss = (nll * keep).sum() / keep.numel()
    return loss, loss.exp()


def prompt_not_masked(logits, input_ids, prompt_lens, attention_mask):
    loss = _mean(_nll(logits[:, :-1], input_ids[:, 1:]), attention_mask[:, 1:])
    return loss, loss.exp()


def padding_not_masked(logits, input_ids, prompt_lens, attention_mask):
    pos = torch.arange(input_ids.shape[1])
    keep = pos[None, :] >= prompt_lens[:, None]
    loss = _mean(_nll(logits[:, :-1], input_ids[:, 1:]), keep[:, 1:])
    return loss, loss.exp()


def first_response_token_dropped(logits, input_ids, prompt_lens, attention_mask):
    pos = torch.arange(input_ids.shape[1])
    keep = (pos[None, :] > prompt_lens[:, None]) & attention_mask
    loss = _mean(_nll(logits[:, :-1], input_ids[:, 1:]), keep[:, 1:])
    return loss, loss.exp()


def mask_not_shifted(logits, input_ids, prompt_lens, attention_mask):
    keep = _response(input_ids, prompt_lens, attention_mask)
    loss = _mean(_nll(logits[:, :-1], input_ids[:, 1:]), keep[:, :-1])
    return loss, loss.exp()


def sequence_mean(logits, input_ids, prompt_lens, attention_mask):
    keep = _response(input_ids, prompt_lens, attention_mask)[:, 1:].to(logits.dtype)
    nll = _nll(logits[:, :-1], input_ids[:, 1:])
    loss = ((nll * keep).sum(1) / keep.sum(1)).mean()          # a row without target gives 0 / 0
    return loss, loss.exp()


def sequence_mean_clamped(logits, input_ids, prompt_lens, attention_mask):
    keep = _response(input_ids, prompt_lens, attention_mask)[:, 1:].to(logits.dtype)
    nll = _nll(logits[:, :-1], input_ids[:, 1:])
    loss = ((nll * keep).sum(1) / keep.sum(1).clamp(min=1)).mean()
    return loss, loss.exp()


def perplexity_of_tokens(logits, input_ids, prompt_lens, attention_mask):
    keep = _response(input_ids, prompt_lens, attention_mask)[:, 1:]
    nll = _nll(logits[:, :-1], input_ids[:, 1:])
    return nll[keep].mean(), nll[keep].exp().mean()


def log_of_softmax(logits, input_ids, prompt_lens, attention_mask):
    keep = _response(input_ids, prompt_lens, attention_mask)[:, 1:]
    probs = torch.softmax(logits[:, :-1], dim=-1)
    nll = -torch.log(probs.gather(-1, input_ids[:, 1:, None]))[..., 0]
    loss = _mean(nll, keep)
    return loss, loss.exp()


SEQUENCE_MEAN = "mean of per-sequence means: the loss is one mean over every response token of the batch"


def rows(seed, B, S, V, **kwargs):
    return batch(torch.Generator().manual_seed(seed), B, S, V, **kwargs)


DRILL = Drill(entries=[Entry(
    "sft_loss",
    inputs=inputs,
    examples=[
        make(torch.tensor([[[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 3.0], [1.0, 1.0, 1.0]],
                           [[0.0, 2.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [5.0, 0.0, 0.0]]]),
             torch.tensor([[0, 2, 1, 2], [1, 1, 0, 2]]), torch.tensor([2, 1]),
             torch.tensor([[True, True, True, True], [True, True, True, False]]), "the prompt's example"),
        make(*rows(1, 3, 7, 5, lengths=[7, 5, 3], prompt_lens=[3, 2, 1]),
             "prompts of 3, 2, 1 tokens; rows of 7, 5, 3"),
        make(*rows(2, 3, 6, 4, lengths=[6, 4, 6], prompt_lens=[2, 4, 5]),
             "row 1 is all prompt (no target); row 2 has one response token"),
        make(*rows(3, 1, 2, 3, lengths=[2], prompt_lens=[1]), "two tokens: one target"),
        make(*rows(4, 2, 8, 11, scale=10.0, padded=False), "no padding"),
    ],
    extreme=[
        make(*rows(5, 2, 6, 32000, lengths=[6, 4], prompt_lens=[2, 1]), "a vocabulary of 32000"),
        make(*rows(6, 3, 5, 7, scale=300.0, lengths=[5, 5, 3], prompt_lens=[1, 3, 2]), "logits near ±1000"),
        make(*rows(7, 2, 1024, 16, lengths=[1024, 300], prompt_lens=[100, 299]), "rows of 1024 tokens"),
    ],
    invariants=[Invariant("prompt and padding are ignored", prompt_and_padding_ignored),
                Invariant("perplexity is exp(loss)", perplexity_is_exp_loss)],
    mistakes=[
        Mistake("no shift: the logits at position t predict the token at t + 1 (logits[:, :-1] against "
                "input_ids[:, 1:])", like=no_shift),
        Mistake("mean over all positions: divide by the number of response tokens, not by every position",
                like=mean_over_all_positions),
        Mistake("prompt tokens not masked: only the response (positions >= prompt_lens) is trained on",
                like=prompt_not_masked),
        Mistake("padding not masked: positions where attention_mask is False are no targets", like=padding_not_masked),
        Mistake("the first response token left out (positions > prompt_lens): it is a target too, predicted by the "
                "last prompt position", like=first_response_token_dropped),
        Mistake("mask not shifted with the targets: the mask of target t + 1 is response[:, 1:], not response[:, :-1]",
                like=mask_not_shifted),
        Mistake(SEQUENCE_MEAN, like=sequence_mean),
        Mistake(SEQUENCE_MEAN, like=sequence_mean_clamped),
        Mistake("perplexity as the mean of each token's exp(loss): it is exp of the mean loss", like=perplexity_of_tokens),
        Mistake("log(softmax(...)) underflows to log(0) = -inf for logits far apart; use log_softmax or "
                "F.cross_entropy", like=log_of_softmax),
        kit.IN_PLACE,
    ],
    loops=Loops(small=make(*rows(8, 2, 6, 5, lengths=[6, 4], prompt_lens=[2, 1])),
                large=make(*rows(9, 7, 6, 5, lengths=[6, 4, 5, 6, 3, 6, 2], prompt_lens=[2, 1, 3, 1, 1, 4, 1])),
                over="the sequences"),
    speed=Speed(lambda seed: make(*rows(seed, 8, 512, 1024)), limit=30.0),
)])
