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


# Measured on 2.13 (reachx-2026-11-30x.md §1): hooks registered by a method __init__ calls on self, hooks a factory
# makes (its closure), and function hooks a base class of another file registers in its __init__ are all traced
# inline in the compiled forward, a break in one reported on the hook's line.
OUTSIDE_INIT = """
    from torch import nn


    def on_b(module, args, output):
        return output


    def make_hook(name):
        def hook(module, args, output):
            return output
        return hook


    def make_counted_hook(counts, name):
        counts.append(name)  # runs once, when __init__ registers the hook

        def counted(module, args, output):
            return output
        return counted


    def never_registered(module, args, output):
        return output


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(4, 4)
            self.b = nn.Linear(4, 4)
            self._register()
            self.a.register_forward_hook(self._make_hook("a"))
            self.b.register_forward_pre_hook(make_hook("b"))
            self.b.register_forward_hook(make_counted_hook([], "b"))

        def _register(self):
            self.a.register_forward_hook(self._on_a)
            self.b.register_forward_hook(on_b)

        def _on_a(self, module, args, output):
            return output

        def _make_hook(self, name):
            def hook(module, args, output):
                return output
            return hook

        def _not_called_by_init(self):
            self.a.register_forward_hook(never_registered)

        def forward(self, x):
            return self.b(self.a(x))
"""

BASE = """
    from torch import nn


    def base_hook(module, args, output):
        return output


    class Base(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(4, 4)
            self.a.register_forward_hook(base_hook)
"""

SUBCLASS = """
    from pkg.base import Base


    class Model(Base):
        def forward(self, x):
            return self.a(x) * 2
"""


def test_hooks_registered_outside_init_are_reached_from_the_compiled_forward(tmp_path):
    regions = ProjectRegions([_facts(tmp_path, OUTSIDE_INIT)], assume_forward=False)
    reached = {qualname for _, qualname in regions.reach([("m.py", "Model.forward")])}
    assert {"Model._on_a", "on_b", "Model._make_hook", "make_hook"} <= reached
    assert not {"make_counted_hook", "never_registered", "Model._not_called_by_init"} & reached
    solved = {qualname for _, qualname in ProjectRegions([_facts(tmp_path, OUTSIDE_INIT)]).compiled}
    assert {"Model._on_a", "on_b", "Model._make_hook", "make_hook"} <= solved
    assert not {"make_counted_hook", "never_registered"} & solved


def test_the_index_records_hooks_outside_init_as_the_engine_does(tmp_path):
    parsed = _facts(tmp_path, OUTSIDE_INIT).classes["Model"].hooks
    indexed = index_file(textwrap.dedent(OUTSIDE_INIT), "m.py", "m", False).facts.classes["Model"].hooks
    assert sorted(indexed) == sorted(parsed) == ["make_counted_hook()", "make_hook()", "on_b", "self._make_hook()",
                                                 "self._on_a"]


def test_a_function_hook_of_a_base_class_in_another_file_is_reached(tmp_path):
    (tmp_path / "pkg").mkdir()
    facts = []
    for name, source in (("base", BASE), ("model", SUBCLASS)):
        path = tmp_path / "pkg" / f"{name}.py"
        path.write_text(textwrap.dedent(source))
        facts.append(parse_and_lint(read_source(path, f"pkg/{name}.py")[0], f"pkg.{name}", False, ()).facts)
    regions = ProjectRegions(facts, assume_forward=False)
    assert ("pkg/base.py", "base_hook") in regions.reach([("pkg/model.py", "Model.forward")])


# Measured on 2.13 (reachy-2026-11-30y.md §3, tests/adversarial/cases/reachy_hooks_further.py): hooks registered by a
# project function of another file that __init__ hands self to, by a method two calls below __init__, and by a method
# user code calls on the instance before compiling are traced inline in the compiled forward too.
HOOKS_LIB = """
    def lib_hook(module, args, output):
        return output


    def lib_pre_hook(module, args):
        return None


    def attach(model):
        model.head.register_forward_hook(lib_hook)


    def attach_pre(block):
        block.register_forward_pre_hook(lib_pre_hook)


    def init_weights(model):
        return model
"""

FURTHER = """
    from torch import nn

    from pkg import hooks_lib
    from pkg.hooks_lib import attach, init_weights


    def unused_hook(module, args, output):
        return output


    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.head = nn.Linear(4, 4)
            self.body = nn.Linear(4, 4)
            attach(self)
            init_weights(self)
            self._setup()

        def _setup(self):
            self._wire()

        def _wire(self):
            self.body.register_forward_hook(self._deep)
            hooks_lib.attach_pre(self.body)

        def _deep(self, module, args, output):
            return output

        def setup_hooks(self):
            self._register_user()

        def _register_user(self):
            self.head.register_forward_hook(self._user)

        def _user(self, module, args, output):
            return output

        def never_called(self):
            self.head.register_forward_hook(unused_hook)

        def forward(self, x):
            return self.head(self.body(x))


    class Other(nn.Module):
        def never_called(self):
            pass


    def build():
        model = Model()
        model.setup_hooks()
        Other().never_called()
        return model
"""

FURTHER_REACHED = {"lib_hook", "lib_pre_hook", "Model._deep", "Model._user"}


def _package(tmp_path, **sources):
    (tmp_path / "pkg").mkdir()
    facts = []
    for name, source in sources.items():
        path = tmp_path / "pkg" / f"{name}.py"
        path.write_text(textwrap.dedent(source))
        facts.append(parse_and_lint(read_source(path, f"pkg/{name}.py")[0], f"pkg.{name}", False, ()).facts)
    return facts


def test_hooks_registered_further_from_init_are_reached_from_the_compiled_forward(tmp_path):
    facts = _package(tmp_path, hooks_lib=HOOKS_LIB, model=FURTHER)
    reached = {qualname for _, qualname in ProjectRegions(facts, assume_forward=False).reach([("pkg/model.py",
                                                                                               "Model.forward")])}
    assert FURTHER_REACHED <= reached
    assert not {"unused_hook", "init_weights", "Model.never_called", "Model.setup_hooks"} & reached
    solved = {qualname for _, qualname in ProjectRegions(facts).compiled}
    assert FURTHER_REACHED <= solved
    assert not {"unused_hook", "init_weights", "attach"} & solved


def test_a_method_registering_hooks_counts_only_when_called_on_an_instance_of_the_class(tmp_path):
    uncalled = FURTHER.replace("model.setup_hooks()", "model.eval()")
    facts = _package(tmp_path, hooks_lib=HOOKS_LIB, model=uncalled)
    reached = {qualname for _, qualname in ProjectRegions(facts, assume_forward=False).reach([("pkg/model.py",
                                                                                               "Model.forward")])}
    assert "Model._user" not in reached and {"lib_hook", "Model._deep"} <= reached


def test_the_index_records_hooks_further_from_init_as_the_engine_does(tmp_path):
    facts = {f.path: f for f in _package(tmp_path, hooks_lib=HOOKS_LIB, model=FURTHER)}
    indexed = {path: index_file(textwrap.dedent(source), path, module, False).facts
               for path, module, source in (("pkg/hooks_lib.py", "pkg.hooks_lib", HOOKS_LIB),
                                            ("pkg/model.py", "pkg.model", FURTHER))}
    for built in (facts, indexed):
        model = built["pkg/model.py"].classes["Model"]
        assert sorted(model.hooks) == ["self._deep"]
        assert sorted(model.hook_helpers) == ["pkg.hooks_lib.attach", "pkg.hooks_lib.attach_pre",
                                              "pkg.hooks_lib.init_weights"]
        assert model.method_hooks == {"setup_hooks": ["self._user"], "_register_user": ["self._user"],
                                      "never_called": ["unused_hook"]}
        functions = built["pkg/hooks_lib.py"].functions
        assert (functions["attach"].hooks, functions["attach_pre"].hooks, functions["init_weights"].hooks) == \
               (["lib_hook"], ["lib_pre_hook"], [])
