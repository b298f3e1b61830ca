import os
import sys

os.environ["OMP_NUM_THREADS"] = "1"   # before NumPy or torch load their thread pools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["COLUMNS"] = "200"   # before cli's console is made: tables and hints render unwrapped


@pytest.fixture(autouse=True)
def drill_home(tmp_path, monkeypatch):
    """Every test gets its own DRILL_HOME: nothing leaks into the user's real progress. Each speaks
    English unless it chooses another language, and leaves English behind."""
    from grader import words
    monkeypatch.setenv("DRILL_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("DRILL_LANG", raising=False)
    yield tmp_path / "home"
    words.use(words.DEFAULT)


def pytest_configure(config):
    import torch
    torch.set_num_threads(1)
