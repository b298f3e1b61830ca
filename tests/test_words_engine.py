"""The engine speaks the language chosen: a wrong solution graded under zh gets its check messages
and the labels of its calls in Chinese, with no English sentence left outside code; under en the
same verdict, word for word as before."""
import re

import pytest

from grader import words
from grader.engine.result import FAIL, SKIPPED
from tests.grading import SOLUTIONS, declared_mistakes, grade_mistake, grade_here, verdict_of

HAN = re.compile(r"[\u4e00-\u9fff]")
ENGLISH = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,} [A-Za-z]{2,}")     # three English words in a row
CODE = re.compile(r"`[^`]*`")


@pytest.fixture
def zh():
    words.use("zh")
    try:
        yield
    finally:
        words.use("en")


def graded(name: str):
    if name.endswith(".py"):
        return grade_here("softmax", SOLUTIONS / "softmax" / name, max_examples=12)
    entry, mistake = next((e, k) for key, e, k in declared_mistakes("softmax") if k.name == name)
    return grade_mistake("softmax", entry, mistake)


WRONG = ["wrong_loop_over_rows.py", "wrong_in_place.py", "max taken over the whole tensor instead of along `dim`"]


def said(verdict):
    """The checks that failed or were skipped for a reason the engine gives (--no-speed is a flag)."""
    return [c for c in verdict.checks if c.status in (FAIL, SKIPPED) and c.message != "--no-speed"]


@pytest.mark.parametrize("name", WRONG)
def test_a_wrong_solution_is_told_in_chinese(zh, name):
    verdict = graded(name)
    checks = said(verdict)
    assert checks, name
    for c in checks:
        prose = CODE.sub("", c.message)
        assert HAN.search(prose), f"{c.name}: {c.message}"
        assert not ENGLISH.search(prose), f"{c.name}: {c.message}"
        label = re.search(r" \[([^\]]*)\]$", c.call)
        if label and not re.fullmatch(r"[-\d., e]*", label[1]):       # a label, not a tensor's values
            assert HAN.search(label[1]) and not ENGLISH.search(label[1]), f"{c.name}: {c.call}"
    words.use("en")
    assert verdict_of(graded(name)) == verdict_of(verdict)           # the same checks fail, the same mistakes


def test_english_is_said_as_before():
    verdict = {c.name: c for c in graded("wrong_in_place.py").checks}
    assert verdict["inputs unchanged"].message == ("`softmax` modified its input `x` in place; inputs must be left "
                                                   "as they were, with autograd on or off")
    assert verdict["gradients"].message == ("the output is not connected to the inputs' autograd graph (detached, "
                                            ".data, .item(), .numpy(), or built under torch.no_grad?)")
    assert verdict["gradients"].call.endswith(" [the prompt's example]")
    loop = {c.name: c for c in graded("wrong_loop_over_rows.py").checks}["no loop"]
    assert loop.message.endswith(": the work grows with the rows, so a Python loop runs over them. Use batched "
                                 "tensor operations")
    assert " and softmax(" in loop.call


def test_check_names_and_fixed_texts_have_chinese():
    for name in ("values", "inputs unchanged", "no loop", "extreme inputs", "device (emulated)"):
        assert HAN.search(words.check_name("softmax", name, "zh")), name
    assert words.check_name("softmax", "KVCache.update: values", "zh") == "KVCache.update: 数值"
    assert words.say("engine.pipeline.raises_again", "en") == "your code raises here too: fix values first"
