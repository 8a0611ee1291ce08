"""Which forward hooks a compiled module's forward reaches: the regions alone, no rule.

Measured on 2.13 (reachw-2026-11-29w.md §1): hooks a module's __init__ registers on a submodule attribute, on each of
`self.modules()` / `self.named_modules()`, through `functools.partial`, or as a bound method `self.m`, run inline in
the compiled forward (a break in one is reported on the hook's line). `reach()` (CL305, CL169) follows them too.
"""

from __future__ import annotations

import textwrap

from compilelint.index import index_file
from compilelint.linter import parse_and_lint, read_source
from compilelint.regions import ProjectRegions

HOOKED = """
    import functools

    from torch import nn


    def on_child(module, args, output):
        return output


    def before_child(module, args):
        return None


    def on_each_linear(module, args, output):
        return output


    def tagged(module, args, output, tag=""):
        return output


    def never_registered(module, args, output):
        return output


    class Child(nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = nn.Linear(4, 4)

        def forward(self, x):
            return self.lin(x)


    class Parent(nn.Module):
        def __init__(self, given_hook):
            super().__init__()
            self.child = Child()
            self.head = nn.Linear(4, 4)
            self.child.register_forward_hook(on_child)
            self.child.register_forward_pre_hook(before_child)
            for module in self.modules():
                if isinstance(module, nn.Linear):
                    module.register_forward_hook(on_each_linear)
            self.head.register_forward_hook(functools.partial(tagged, tag="head"))
            self.head.register_forward_hook(self._bound)
            self.head.register_forward_hook(given_hook)

        def _bound(self, module, args, output):
            return output

        def _never_registered(self, module, args, output):
            return output

        def forward(self, x):
            return self.head(self.child(x))
"""

REGISTERED = {"Parent._bound", "before_child", "on_child", "on_each_linear", "tagged"}


def _facts(tmp_path, source: str):
    path = tmp_path / "m.py"
    path.write_text(textwrap.dedent(source))
    return parse_and_lint(read_source(path, "m.py")[0], "m", False, ()).facts


def test_hooks_registered_on_submodules_are_reached_from_the_compiled_forward(tmp_path):
    regions = ProjectRegions([_facts(tmp_path, HOOKED)], assume_forward=False)
    forward = ("m.py", "Parent.forward")
    reached = {qualname for _, qualname in regions.reach([forward])}
    assert REGISTERED <= reached
    assert not {"never_registered", "Parent._never_registered"} & reached


def test_the_solve_reaches_the_same_hooks_from_an_assumed_forward(tmp_path):
    regions = ProjectRegions([_facts(tmp_path, HOOKED)])
    assert REGISTERED <= {qualname for _, qualname in regions.compiled}
    assert not {"never_registered", "Parent._never_registered"} & {qualname for _, qualname in regions.compiled}


def test_the_index_records_the_hooks_the_engine_records(tmp_path):
    parsed = _facts(tmp_path, HOOKED).classes["Parent"].hooks
    indexed = index_file(textwrap.dedent(HOOKED), "m.py", "m", False).facts.classes["Parent"].hooks
    assert sorted(indexed) == sorted(parsed) == ["before_child", "on_child", "on_each_linear", "self._bound", "tagged"]
