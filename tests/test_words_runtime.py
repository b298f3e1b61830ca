"""The kit's and the runtime's words: both languages hold the same templates, the kit's own fixed
texts are translated, and a grading speaks the language its request asks for, in the worker, in
the learner's process, in the ranks and in the warm grader's own messages."""
import os
import sys
import textwrap

import pytest
import torch
import torch.distributed as dist

from grader import words
from grader.engine import distributed, kit
from grader.engine.guards import LearnerExit
from grader.engine.result import ERROR, FAIL
from grader.engine.spec import Invariant, Mistake
from grader.runtime import client
from grader.runtime.sandbox import Limits
from grader.words.en import kit as en_kit, runtime as en_runtime
from grader.words.zh import kit as zh_kit, runtime as zh_runtime

QUICK = Limits(call_seconds=3, check_seconds=20, stall_seconds=2, total_seconds=120, memory_mb=1024, wall_factor=10)


@pytest.fixture
def zh():
    words.use("zh")
    yield
    words.use("en")


@pytest.mark.parametrize("en, zh_", [(en_kit, zh_kit), (en_runtime, zh_runtime)])
def test_both_languages_hold_the_same_templates_with_the_same_slots(en, zh_):
    assert set(en.MESSAGES) == set(zh_.MESSAGES)
    for key, template in en.MESSAGES.items():
        assert words.slots(template) == words.slots(zh_.MESSAGES[key]), key
    for key, said in zh_.TEXT.items():
        assert words.slots(key) == words.slots(said), key


def test_the_kits_own_mistakes_names_and_invariants_are_translated():
    fixed = zh_kit.TEXT
    for name, value in vars(kit).items():
        if isinstance(value, Mistake):
            assert value.name in fixed, name
            assert not value.hint or value.hint in fixed, name
        elif name.isupper() and isinstance(value, str) and " " in value:
            assert value in fixed, name                        # a mistake name held for the declarations
    made = [kit.rows_sum_to_one(), kit.shift_invariance(), kit.batch_independence(), kit.elementwise(),
            kit.causality(), kit.padding_ignored(), kit.vectors_independent(), kit.tokens_independent(),
            kit.kept_or_minus_inf(), kit.rows_filtered_independently(), kit.bottom_right_causality(),
            kit.slices_independent(), kit.attention_dropout(None, None)]
    for invariant in made:
        assert isinstance(invariant, Invariant) and invariant.name in fixed, invariant.name


def test_the_kits_labels_are_translated_as_templates():
    assert words.drill("softmax", "3 calls from an empty state", "zh") == "从空状态开始调用 3 次"
    assert words.drill("softmax", "rank 1 of 2", "zh") == "rank 1（共 2 个）"
    assert words.drill("softmax", "step 2 of 3: forward(inputs[1], the state step 1 returned)", "zh") == \
        "第 2 步（共 3 步）：forward(inputs[1], 第 1 步返回的 state)"


def test_a_kit_invariant_fails_in_the_language_spoken(zh):
    def call(case):
        return torch.tensor([[0.5, 0.7]])
    with pytest.raises(Exception) as failed:
        kit.rows_sum_to_one().fn(call, kit.Case(args=(torch.zeros(1, 2),)))
    assert "沿 dim=-1 的切片之和为" in str(failed.value)


# ---- the ranks ---------------------------------------------------------------------------------

def rank_1_exits(x):
    if dist.get_rank() == 1:
        sys.exit(3)
    return x


def rank_1_returns_early(x):
    t = x.clone()
    if dist.get_rank() == 0:
        dist.all_reduce(t)
    return t


def test_a_ranks_exit_and_a_hang_are_said_in_chinese(zh):
    try:
        with pytest.raises(LearnerExit) as exited:
            distributed.run(2, rank_1_exits, torch.ones(2), timeout=20)
        assert str(exited.value) == "你的代码在 rank 1 上调用了 sys.exit(3)"
        with pytest.raises(distributed.Hang) as hang:
            distributed.run(2, rank_1_returns_early, torch.ones(3), timeout=20)
        said = str(hang.value)
        assert said.startswith("各 rank 卡死了：rank 0 卡在 all_reduce 中（它第 1 次 all_reduce 调用，张量形状 (3,)）"), said
        assert "rank 1 已返回（没有调用任何集合通信）" in said, said
    finally:
        distributed.close()


def test_a_ranks_exit_stays_english_by_default():
    try:
        with pytest.raises(LearnerExit) as exited:
            distributed.run(2, rank_1_exits, torch.ones(2), timeout=20)
        assert str(exited.value) == "your code raised sys.exit(3) on rank 1"
    finally:
        distributed.close()


# ---- through the warm grader -------------------------------------------------------------------

@pytest.fixture(scope="module")
def grader_home(tmp_path_factory):
    home = tmp_path_factory.mktemp("grader")
    client.ensure(home)
    yield home
    client.stop(home)


def check(home, tmp_path, source: str, lang: str):
    path = tmp_path / "softmax.py"
    path.write_text(textwrap.dedent(source))
    words.use(lang)
    try:
        return client.grade("softmax", path, home=home, seed=1, limits=QUICK, speed=False)
    finally:
        words.use("en")


def messages(verdict) -> str:
    return " | ".join(f"{c.name}: {c.status}: {c.message}" for c in verdict.checks)


SEGFAULT = "import ctypes\ndef softmax(x, dim=-1):\n    ctypes.string_at(0)\n"


def test_a_crash_is_said_in_the_language_of_the_request(grader_home, tmp_path):
    said = check(grader_home, tmp_path, SEGFAULT, "zh")
    assert said.status == FAIL and "运行你的代码时 Python 解释器崩溃了（SIGSEGV）" in messages(said), messages(said)
    said = check(grader_home, tmp_path, SEGFAULT, "en")
    assert "the Python interpreter crashed (SIGSEGV) while running your code" in messages(said), messages(said)


def test_a_hang_past_the_time_limit_is_said_in_chinese(grader_home, tmp_path):
    source = ("import signal\ndef softmax(x, dim=-1):\n    signal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
              "    signal.signal(signal.SIGPROF, signal.SIG_IGN)\n    while True:\n        pass\n")
    said = check(grader_home, tmp_path, source, "zh")
    assert said.status == FAIL and "你的代码在 2 秒 CPU 时间内没有完成，已被停止" in messages(said), messages(said)


def test_the_learners_process_speaks_the_requests_language(grader_home, tmp_path):
    """A message of the learner's process (forked from the worker, which may be a spare forked
    before the request came)."""
    source = "class Out(BaseException):\n    pass\ndef softmax(x, dim=-1):\n    raise Out('bye')\n"
    said = check(grader_home, tmp_path, source, "zh")
    assert "你的代码抛出了 Out（bye），它不是 Exception" in messages(said), messages(said)


def test_sys_exit_is_reported_and_the_grader_not_reached_is_said_in_chinese(grader_home, tmp_path, monkeypatch):
    said = check(grader_home, tmp_path, "import sys\ndef softmax(x, dim=-1):\n    sys.exit(0)\n", "zh")
    assert said.status == FAIL and "sys.exit(0)" in messages(said), messages(said)

    def unreachable(home):
        raise OSError("no socket")
    monkeypatch.setattr(client, "_connect", unreachable)
    words.use("zh")
    try:
        said = client.grade("softmax", tmp_path / "softmax.py", home=grader_home, seed=1, limits=QUICK)
    finally:
        words.use("en")
    assert [(c.name, c.status, c.message) for c in said.checks] == \
        [("grading", ERROR, "无法连接评分器：no socket；不作记录")]
