"""Describing calls and comparing outputs, with messages that say what differed and where."""
from __future__ import annotations

import math

import numpy as np
import torch

from grader import words
from grader.engine.spec import Trace

# (rtol, atol) per dtype; atol is multiplied by the magnitude of the case (see tolerance()).
TOLERANCES = {
    torch.float64: (1e-7, 1e-9),
    torch.float32: (1e-4, 1e-5),
    torch.float16: (1e-2, 2e-3),
    torch.bfloat16: (4e-2, 2e-2),
}

PYTHON_SCALARS = {bool: "engine.compare.python_bool", int: "engine.compare.python_int",
                  float: "engine.compare.python_float"}


def describe_value(v) -> str:
    if isinstance(v, np.ndarray):
        return f"{v.shape} {v.dtype} (NumPy)"
    if isinstance(v, torch.Tensor):
        dt = str(v.dtype).removeprefix("torch.")
        text = f"{tuple(v.shape)} {dt}"
        if v.device.type != "cpu":
            text += words.say("engine.compare.on_device", device=v.device)
        if v.numel() <= 8 and v.device.type == "cpu" and not v.is_meta:
            values = v.flatten().tolist()
            shown = [f"{x:.4g}" if isinstance(x, float) else str(x) for x in values]
            text += f" [{', '.join(shown)}]"
        return text
    if isinstance(v, (list, tuple)):
        inner = ", ".join(describe_value(x) for x in v[:6])
        more = ", ..." if len(v) > 6 else ""
        return f"[{inner}{more}]" if isinstance(v, list) else f"({inner}{more})"
    if isinstance(v, torch.Generator):                  # its seed, not an address that changes every run
        return f"torch.Generator().manual_seed({v.initial_seed()})"
    if callable(v):
        return v.__name__ if hasattr(v, "__name__") else words.say("engine.compare.a_function")
    if isinstance(v, str) and len(v) > LONG_TEXT:          # a long text, briefly: its start and its length
        return words.say("engine.compare.characters", start=f"{str.__repr__(v[:40])[:-1]}...'", n=len(v))
    return repr(v)


LONG_TEXT = 60


def describe_call(name: str, args, kwargs, params: list[str]) -> str:
    parts = []
    for i, a in enumerate(args):
        key = params[i] if i < len(params) else f"arg{i}"
        parts.append(f"{key}={describe_value(a)}")
    parts += [f"{k}={describe_value(v)}" for k, v in kwargs.items()]
    return f"{name}({', '.join(parts)})"


def tolerance(dtype, scale: float, overrides: dict) -> tuple[float, float]:
    rtol, atol = overrides.get(str(dtype).removeprefix("torch."), TOLERANCES.get(dtype, (0.0, 0.0)))
    return rtol, atol * max(1.0, scale)


def plain(value):
    """The learner's output as plain tensors and arrays: a subclass cannot answer for itself."""
    if isinstance(value, torch.Tensor) and type(value) is not torch.Tensor:
        with torch._C.DisableTorchFunctionSubclass():
            return value.as_subclass(torch.Tensor)
    if isinstance(value, np.ndarray) and type(value) is not np.ndarray:
        return np.asarray(value)
    return value


def first_difference(expected, got, *, scale=1.0, overrides=None, graded=None, path="output",
                     equal_nan=False, values=True) -> tuple[str, str] | None:
    """None when got matches expected; else (kind, message), kind one of shape, dtype, values.
    With values=False only the structure (types, shapes, dtypes) is compared."""
    overrides = overrides or {}
    got = plain(got)
    if isinstance(expected, Trace):
        if not isinstance(got, Trace) or len(got) != len(expected):
            return "shape", words.say("engine.compare.steps", path=path, n=len(expected),
                                      got=len(got) if isinstance(got, list) else got)
        for i, ((call, e), (_, g)) in enumerate(zip(expected, got), 1):
            diff = first_difference(e, g, scale=scale, overrides=overrides, path=path, equal_nan=equal_nan,
                                    graded=graded[i - 1] if isinstance(graded, list) else graded, values=values)
            if diff:
                where = call or words.say("engine.compare.step_of", i=i, n=len(expected))
                return diff[0], words.say("engine.compare.at", where=where, what=diff[1])
        return None
    if isinstance(expected, np.ndarray):
        if not isinstance(got, np.ndarray):
            return "dtype", words.say("engine.compare.numpy_array", path=path, shape=expected.shape,
                                      dtype=expected.dtype, got=type(got).__name__)
        if got.dtype != expected.dtype and got.shape == expected.shape:
            return "dtype", words.say("engine.compare.dtype", path=path, expected=expected.dtype, got=got.dtype)
        expected, got = torch.from_numpy(np.ascontiguousarray(expected)), torch.from_numpy(np.ascontiguousarray(got))
    if isinstance(expected, dict):
        if not isinstance(got, dict) or set(got) != set(expected):
            keys = sorted(got) if isinstance(got, dict) else type(got).__name__
            return "shape", words.say("engine.compare.dict_keys", path=path, keys=sorted(expected), got=keys)
        for key in expected:
            diff = first_difference(expected[key], got[key], scale=scale, overrides=overrides,
                                    path=f"{path}[{key!r}]", equal_nan=equal_nan, values=values,
                                    graded=graded.get(key) if isinstance(graded, dict) else graded)
            if diff:
                return diff
        return None
    if isinstance(expected, torch.Tensor):
        if not isinstance(got, torch.Tensor):
            return "shape", words.say("engine.compare.tensor", path=path, expected=describe_value(expected),
                                      got=type(got).__name__)
        if got.shape != expected.shape:
            return "shape", words.say("engine.compare.shape", path=path, expected=tuple(expected.shape),
                                      got=tuple(got.shape))
        if got.dtype != expected.dtype:
            return "dtype", words.say("engine.compare.dtype", path=path, expected=expected.dtype, got=got.dtype)
        if not values:
            return None
        return _value_difference(expected, got, scale, overrides, graded, path, equal_nan)
    if isinstance(expected, (list, tuple)):
        if not isinstance(got, (list, tuple)) or len(got) != len(expected):
            n = len(got) if isinstance(got, (list, tuple)) else type(got).__name__
            return "shape", words.say("engine.compare.sequence", path=path, n=len(expected), got=n)
        for i, (e, g) in enumerate(zip(expected, got)):
            diff = first_difference(e, g, scale=scale, overrides=overrides, path=f"{path}[{i}]",
                                    graded=graded[i] if isinstance(graded, (list, tuple)) else graded,
                                    equal_nan=equal_nan, values=values)
            if diff:
                return diff
        return None
    if isinstance(got, torch.Tensor) and type(expected) in PYTHON_SCALARS:
        scalar = words.say(PYTHON_SCALARS[type(expected)])
        if got.numel() == 1:
            return "dtype", words.say("engine.compare.scalar_tensor", path=path, dim=got.dim(), scalar=scalar)
        return "dtype", words.say("engine.compare.tensor_not_scalar", path=path, got=describe_value(got), scalar=scalar)
    if isinstance(expected, float):
        if not isinstance(got, (float, int)) or isinstance(got, bool):
            return "dtype", words.say("engine.compare.float", path=path, got=type(got).__name__)
        if equal_nan and math.isnan(expected) and math.isnan(got) or not values:
            return None
        rtol, atol = tolerance(torch.float32, scale, overrides)
        if not math.isclose(expected, got, rel_tol=rtol, abs_tol=atol):
            return "values", words.say("engine.compare.float_value", path=path, expected=expected, got=got)
        return None
    if isinstance(got, torch.Tensor) or type(got) is not type(expected):
        return "dtype", words.say("engine.compare.type", path=path, expected=type(expected).__name__,
                                  got=type(got).__name__)
    if values and got != expected:
        return "values", words.say("engine.compare.value", path=path, expected=expected, got=got)
    return None


def _value_difference(expected, got, scale, overrides, graded, path, equal_nan):
    if expected.dtype in (torch.bool, torch.int64, torch.int32):
        bad = expected != got
        if graded is not None:
            bad &= graded
        if bad.any():
            idx = tuple(bad.nonzero()[0].tolist())
            return "values", words.say("engine.compare.elements_differ", path=path, n=int(bad.sum()), index=list(idx),
                                       expected=expected[idx].item(), got=got[idx].item())
        return None
    rtol, atol = tolerance(expected.dtype, scale, overrides)
    e, g = expected.detach().double(), got.detach().double()
    err = (e - g).abs()
    if bool(((err <= atol + rtol * e.abs()) & torch.isfinite(e)).all()):
        return None         # every element finite and close (a NaN or an infinity anywhere: judged below)
    nan_e, nan_g = torch.isnan(e), torch.isnan(g)
    both_inf = torch.isinf(e) & (e == g)
    err = torch.where(both_inf, torch.zeros_like(err), err)
    bad = err > atol + rtol * e.abs()
    bad |= torch.isinf(e) & (g != e)          # an infinite expectation allows no error at all
    bad |= nan_g & ~(nan_e if equal_nan else torch.zeros_like(nan_e))
    bad |= nan_e & ~nan_g
    if graded is not None:
        bad &= graded.to(bad.device)
    if not bad.any():
        return None
    if (nan_g & bad).any() and not equal_nan:
        idx = tuple((nan_g & bad).nonzero()[0].tolist())
        return "values", words.say("engine.compare.nan", path=path, index=list(idx), n=int((nan_g & bad).sum()),
                                   expected=e[idx].item())
    err = torch.where(bad, torch.nan_to_num(err, nan=math.inf, posinf=math.inf), torch.zeros_like(err))
    idx = tuple(divmod_index(int(err.argmax()), err.shape))
    return "values", words.say("engine.compare.max_diff", path=path, diff=err[idx].item(), index=list(idx),
                               expected=e[idx].item(), got=g[idx].item(), atol=atol, rtol=rtol, n=int(bad.sum()),
                               total=bad.numel())


def divmod_index(flat: int, shape) -> list[int]:
    idx = []
    for n in reversed(shape):
        flat, r = divmod(flat, n)
        idx.append(r)
    return list(reversed(idx))


REPRO_ELEMENTS = 64      # tensors up to this size are written out whole in a reproduction


def literal(value) -> str | None:
    """Python that builds `value` exactly (a small tensor, a number, a string, a list of them), or
    None when it cannot be written out in a line."""
    if isinstance(value, torch.Tensor):
        if value.numel() > REPRO_ELEMENTS or value.is_complex() or value.layout != torch.strided:
            return None
        t = value.detach().cpu()
        if t.is_floating_point():
            exact = repr if t.dtype == torch.float64 else (lambda v: f"{v:.9g}")   # 9 digits: float32 exactly
            data = _nested(t.double().tolist(), lambda v: 'float("nan")' if math.isnan(v) else
                           ('-' if v < 0 else '') + 'float("inf")' if math.isinf(v) else exact(v))
        else:
            data = _nested(t.tolist(), repr)
        return f"torch.tensor({data}, dtype={t.dtype})"
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        parts = [literal(v) for v in value]
        if any(p is None for p in parts):
            return None
        inner = ", ".join(parts) + ("," if isinstance(value, tuple) and len(parts) == 1 else "")
        return f"[{inner}]" if isinstance(value, list) else f"({inner})"
    return None


def _nested(data, fmt) -> str:
    if isinstance(data, list):
        return "[" + ", ".join(_nested(d, fmt) for d in data) + "]"
    return fmt(data)


def reproduction(drill_id: str, function: str, args, kwargs, params: list[str]) -> str:
    """One line to paste in a Python shell in the workspace that calls the learner's function on the
    failing inputs, or '' when they are too large to write out."""
    parts = [literal(a) for a in args] + [literal(v) for v in kwargs.values()]
    if any(p is None for p in parts):
        return ""
    named = [f"{k}={p}" for k, p in zip(kwargs, parts[len(args):])]
    call = f"{function}({', '.join(parts[:len(args)] + named)})"
    line = f"import torch; from {drill_id} import {function}; {call}"
    return line if len(line) <= 1200 else ""
