import math

import pytest
import torch
import torch.nn.functional as F

from reference.sft_loss import sft_loss


def hf_labels(input_ids, prompt_lens, attention_mask):
    """Labels as a Hugging Face data collator builds them: -100 on the prompt and the padding."""
    labels = input_ids.clone()
    for b, p in enumerate(prompt_lens.tolist()):
        labels[b, :p] = -100
    labels[~attention_mask] = -100
    return labels


def hf_loss(logits, input_ids, prompt_lens, attention_mask):
    """What a causal LM's forward computes from those labels: shift, then cross_entropy with ignore_index."""
    labels = hf_labels(input_ids, prompt_lens, attention_mask)
    V = logits.shape[-1]
    return F.cross_entropy(logits[:, :-1].reshape(-1, V), labels[:, 1:].reshape(-1), ignore_index=-100)


def brute_force(logits, input_ids, prompt_lens, attention_mask) -> float:
    """Token by token in float64 Python."""
    total, count = 0.0, 0
    B, S, _ = logits.shape
    for b in range(B):
        for t in range(1, S):
            if t < prompt_lens[b] or not attention_mask[b, t]:
                continue
            row = logits[b, t - 1].double().tolist()
            m = max(row)
            total += m + math.log(sum(math.exp(x - m) for x in row)) - row[input_ids[b, t]]
            count += 1
    return total / count


def batch(seed, B, S, V, scale=3.0):
    g = torch.Generator().manual_seed(seed)
    logits = scale * torch.randn(B, S, V, generator=g)
    ids = torch.randint(0, V, (B, S), generator=g)
    lengths = torch.randint(2, S + 1, (B,), generator=g)
    prompt_lens = torch.randint(1, S, (B,), generator=g).clamp(max=lengths - 1)
    mask = torch.arange(S) < lengths[:, None]
    return logits, ids, prompt_lens, mask


@pytest.mark.parametrize("B,S,V", [(1, 2, 2), (3, 7, 5), (4, 33, 100), (2, 16, 5000)])
@pytest.mark.parametrize("scale", [0.5, 3.0, 100.0])
def test_agrees_with_hugging_face_labels(B, S, V, scale):
    args = batch(B * S + V, B, S, V, scale)
    loss, ppl = sft_loss(*args)
    torch.testing.assert_close(loss, hf_loss(*args), rtol=1e-5, atol=1e-5 * max(1.0, scale / 10))
    assert loss.item() == pytest.approx(brute_force(*args), rel=1e-5, abs=1e-5 * max(1.0, scale / 10))
    torch.testing.assert_close(ppl, loss.exp())


def test_gradients_agree():
    args = batch(0, 3, 6, 7)
    a, b = args[0].clone().requires_grad_(), args[0].clone().requires_grad_()
    sft_loss(a, *args[1:])[0].backward()
    hf_loss(b, *args[1:]).backward()
    torch.testing.assert_close(a.grad, b.grad)


def test_rows_without_response_tokens_count_nothing():
    logits, ids, _, mask = batch(1, 2, 5, 4)
    mask[:] = True
    full = sft_loss(logits, ids, torch.tensor([2, 5]), mask)[0]           # row 1 is all prompt
    alone = sft_loss(logits[:1], ids[:1], torch.tensor([2]), mask[:1])[0]
    torch.testing.assert_close(full, alone)


def test_float64():
    args = batch(2, 2, 5, 6)
    loss, ppl = sft_loss(args[0].double(), *args[1:])
    assert loss.dtype == ppl.dtype == torch.float64


def test_prompt_example():
    logits = torch.tensor([[[2.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 3.0], [1.0, 1.0, 1.0]],
                           [[0.0, 2.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [5.0, 0.0, 0.0]]])
    loss, ppl = sft_loss(logits, torch.tensor([[0, 2, 1, 2], [1, 1, 0, 2]]), torch.tensor([2, 1]),
                         torch.tensor([[True, True, True, True], [True, True, True, False]]))
    torch.testing.assert_close(loss, torch.tensor(0.3593), atol=1e-4, rtol=0)
    torch.testing.assert_close(ppl, torch.tensor(1.4324), atol=1e-4, rtol=0)
