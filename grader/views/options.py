"""How the command line reads option values: a small shim over typer, documented here because it
reaches into typer's private modules (typer offers no public way to coerce without pydantic).

typer 0.2x coerces every option value through a pydantic TypeAdapter, and importing pydantic is
about a third of a `drill check`'s own time. drill's options are plain (a string, a number, a path
without checks, a boolean), so plain_options() converts those as click does and leaves every other
kind of option to typer."""
from __future__ import annotations

from pathlib import Path

import typer

from grader import words


def plain_options() -> bool:
    """Coerce plain option values (a string, a number, a path without checks) without pydantic.

    typer 0.2x coerces every option value through a pydantic TypeAdapter, and importing pydantic
    takes about a third of a `drill check`'s own time. drill's options are plain: those are
    converted here, as click converts them; any other kind of option is left to typer. A typer
    without this machinery (older ones coerce through click) is left as it is. True when installed:
    tests/test_cli.py fails when a typer release moves what this replaces, so that the shim is
    looked at again instead of silently doing nothing."""
    try:
        from typer import _coercion, core
        build, base = core.build_runtime_param, _coercion.RuntimeParam
    except (ImportError, AttributeError):
        return False
    kinds = {str: "text", int: "integer", float: "number", Path: "path", bool: "boolean"}
    booleans = {"1": True, "true": True, "t": True, "yes": True, "y": True, "on": True,
                "0": False, "false": False, "f": False, "no": False, "n": False, "off": False, "": False}

    class Plain(base):
        def _coerce_value(self, value, param, ctx):
            try:
                if self.annotation is bool and not isinstance(value, bool):
                    return booleans[str(value).strip().lower()]
                return self.annotation(value)
            except (TypeError, ValueError, KeyError):
                kind = words.say(f"views.options.{kinds[self.annotation]}")
                raise typer.BadParameter(words.say("views.options.not_valid", value=repr(value), kind=kind), ctx=ctx,
                                         param=param) from None

    def plain(info) -> bool:
        return (info.parser is None and info.min is None and info.max is None and not info.exists
                and not info.writable and not info.resolve_path and not info.allow_dash and info.path_type is None
                and info.file_okay and info.dir_okay and info.readable)

    def runtime_param(descriptor):
        try:
            if descriptor.annotation in kinds and descriptor.file_annotation is None and \
                    plain(descriptor.parameter_info):
                return Plain(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation)
        except (AttributeError, TypeError):
            pass                 # a typer whose descriptors differ from these: coerced its own way
        return build(descriptor)

    core.build_runtime_param = runtime_param
    return True
