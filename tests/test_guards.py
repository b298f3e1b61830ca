"""The banned-call guard: every route to a banned name is seen, and its profile hook runs only where
it is needed."""
import sys

import pytest
import torch
from torch.overrides import handle_torch_function, has_torch_function

from grader import loader
from grader.guards import BannedCalls


def softmax_guard() -> BannedCalls:
    return BannedCalls(list(loader.declaration("softmax").banned))


class HandSoftmax(torch.autograd.Function):
    """A learner's own autograd function."""

    @staticmethod
    def forward(ctx, x):
        return torch._softmax(x, -1, False)

    @staticmethod
    def backward(ctx, grad):
        return grad


ROUTES = {
    "torch._softmax": lambda x: torch._softmax(x, -1, False),
    "torch._C._VariableFunctions._softmax": lambda x: torch._C._VariableFunctions._softmax(x, -1, False),
    "a function kept before the guard": (lambda f: lambda x: f(x, -1, False))(torch._softmax),
    "in a custom autograd function's forward": lambda x: HandSoftmax.apply(x),
    "torch.softmax": lambda x: torch.softmax(x, -1),
    "Tensor.softmax": lambda x: x.softmax(-1),
    "torch.nn.functional.softmax": lambda x: torch.nn.functional.softmax(x, -1),
}


@pytest.mark.parametrize("route", ROUTES)
def test_every_route_to_a_banned_softmax_is_seen(route):
    guard = softmax_guard()
    with guard:
        ROUTES[route](torch.randn(2, 3))
    assert guard.seen, f"{route} was not seen"


def test_a_softmax_written_by_hand_is_not_a_banned_call():
    guard = softmax_guard()
    with guard:
        x = torch.randn(2, 3)
        e = (x - x.amax(-1, keepdim=True)).exp()
        e / e.sum(-1, keepdim=True)
    assert guard.seen == []


def test_the_profile_hook_runs_only_inside_torchs_own_python_functions():
    """softmax bans only torch's C functions (and functions this mode sees): the learner's own code
    runs without a profile hook; inside a Python function of torch's (its mode set aside) the hook is
    on, so a banned C function it calls is still seen."""
    guard = softmax_guard()
    assert guard.within_only
    hooks = {}

    def probe(x):           # written as torch writes its Python functions (torch.nn.functional's)
        if has_torch_function((x,)):
            return handle_torch_function(probe, (x,), x)
        hooks["inside"] = sys.getprofile()
        return torch._softmax(x, -1, False)

    with guard:
        hooks["learner"] = sys.getprofile()
        probe(torch.randn(2))
    assert hooks["learner"] is None
    assert hooks["inside"] is not None
    assert sys.getprofile() is None
    assert guard.seen == ["torch._softmax"]


def test_a_banned_python_function_keeps_the_hook_on_the_learners_code():
    guard = BannedCalls(["heapq.nlargest"])
    assert not guard.within_only
    import heapq
    with guard:
        heapq.nlargest(2, [3, 1, 2])
    assert guard.seen == ["heapq.nlargest"]
