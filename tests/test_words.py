"""Every language says everything: the catalogues of templates hold the same keys and slots in
each language, and every drill has its prompt, hints, mistakes and messages in each, its translated
prompt holding the same interface, code and worked example as the English one (tests/words.py)."""
import pytest

from grader import words
from grader.learner import registry
from tests import words as check

OTHER = [lang for lang in words.LANGUAGES if lang != words.DEFAULT]


@pytest.mark.parametrize("lang", OTHER)
@pytest.mark.parametrize("area", words.AREAS)
def test_a_template_exists_in_every_language_with_the_same_slots(lang, area):
    en = {m.__name__.rsplit(".", 1)[1]: m for m in words.areas(words.DEFAULT)}[area]
    other = {m.__name__.rsplit(".", 1)[1]: m for m in words.areas(lang)}[area]
    assert sorted(set(en.MESSAGES) - set(other.MESSAGES)) == [], f"templates missing in {lang}"
    assert sorted(set(other.MESSAGES) - set(en.MESSAGES)) == [], f"templates only in {lang}"
    for key, template in en.MESSAGES.items():
        assert words.slots(other.MESSAGES[key]) == words.slots(template), key
    assert not hasattr(en, "TEXT"), "English texts are their own keys"


def test_every_key_is_said_somewhere():
    """A template no code says is one that drifted away from the code. A key is said where the code
    names it whole, its module's part after a helper's prefix (distributed's _say("rank_hung")), or
    under a prefix the code completes (f"views.help.{command}")."""
    import re
    from pathlib import Path
    code = "\n".join(p.read_text(encoding="utf-8") for p in Path(check.ROOT).glob("**/*.py")
                     if "words" not in p.parts and ".git" not in p.parts and "tests" not in p.parts)
    completed = set(re.findall(r'f["\']((?:[a-z_]+\.)+[a-z_]*)\{', code))
    unsaid = [k for k in words.catalogue(words.DEFAULT) if f'"{k}"' not in code and f"'{k}'" not in code
              and not any(k.startswith(p) for p in completed)]
    assert unsaid == []


@pytest.mark.parametrize("lang", OTHER)
@pytest.mark.parametrize("drill_id", sorted(registry.drills()))
def test_every_drill_speaks_every_language(drill_id, lang):
    assert check.problems(drill_id, lang) == []


def test_a_templated_message_translates_with_its_values():
    assert words.drill("softmax", "long rows", "zh") == "很长的行"
    assert words.drill("softmax", "not a text of the drill", "zh") == "not a text of the drill"
    assert words.drill("softmax", "long rows", "en") == "long rows"


def test_a_value_filled_into_a_message_translates_exactly_or_by_its_own_template():
    tail = ": amp_step returned stepped=False, yet the weights changed"
    assert words.drill("amp_step", "call 2 of 3" + tail, "zh").startswith("第 2 次调用（共 3 次）：")
    assert words.drill("amp_step", "call 2 of 3 (a batch with inf or NaN)" + tail, "zh").startswith(
        "第 2 次调用（共 3 次，该 batch 含 inf 或 NaN）：")
    said = words.drill("auc", "shuffling the samples changed the AUC from 0.5 to 0.6: it depends only on the "
                              "order of the scores", "zh")
    assert said.startswith("打乱样本顺序：")


def test_the_setting_is_chosen_in_order_and_the_locale_only_suggests():
    env = {"DRILL_LANG": "zh", "LANG": "en_US.UTF-8"}
    assert words.choose("en", "zh", env) == "en"
    assert words.choose(None, "en", env) == "zh"
    assert words.choose(None, "zh", {}) == "zh"
    assert words.choose(None, None, {"LANG": "zh_CN.UTF-8"}) == "en"
    assert words.suggested({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert words.suggested({"LANG": "en_US.UTF-8"}) is None
    with pytest.raises(ValueError):
        words.choose("fr", None, {})
