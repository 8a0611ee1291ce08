"""Reach through indirection: methods called through `type(self)` / `self.__class__`, the wrapper a project
decorator puts around a compiled method, and the `__call__` of an object held on self, whose arguments map
with the instance bound (dynamo-proven in tests/adversarial/cases/flow_type_self_and_super.py,
flow_decorators.py and flow_mixins_properties.py)."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text


def _rows(tmp_path, text):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text)))


def test_static_and_class_methods_called_through_the_class_of_self_are_reached(tmp_path):
    text = """\
        from torch import nn

        class Model(nn.Module):
            @staticmethod
            def _stats(x):
                return x.mean().item()

            @classmethod
            def _report(cls, x):
                print(x.shape)

            def forward(self, x):
                type(self)._report(x)
                return x - self.__class__._stats(x)
    """
    assert _rows(tmp_path, text) == [(6, "CL111"), (10, "CL131")]


def test_type_of_something_else_is_not_the_class_of_self(tmp_path):
    text = """\
        from torch import nn

        class Helper:
            @staticmethod
            def _stats(x):
                return x.mean().item()

        class Model(nn.Module):
            @staticmethod
            def _stats(x):
                return x

            def forward(self, x, other):
                return type(other)._stats(x)
    """
    assert _rows(tmp_path, text) == []


def test_a_project_decorators_wrapper_is_reached_from_the_decorated_compiled_method(tmp_path):
    text = """\
        import functools
        import time

        from torch import nn

        def timed(fn):
            @functools.wraps(fn)
            def wrapper(*args, **kwargs):
                start = time.perf_counter()
                return fn(*args, **kwargs), start
            return wrapper

        def unused_decorator(fn):
            print("decorating")
            return fn

        class Model(nn.Module):
            @timed
            def head(self, x):
                return x * 2

            def forward(self, x):
                return self.head(x)[0]
    """
    assert _rows(tmp_path, text) == [(9, "CL132")]


def test_the_wrappers_self_calls_run_the_decorated_methods_class_methods(tmp_path):
    # transformers' rope `@dynamic_rope_update`: the wrapper calls `self._refresh(...)` before the method, and
    # `self` is the module (dynamo-proven in tests/adversarial/cases/b6_hf_dynamic_rope_decorator.py)
    text = """\
        import functools

        import torch
        from torch import nn

        def refreshed(forward):
            @functools.wraps(forward)
            def wrapper(self, x, positions):
                self._refresh(positions)
                return forward(self, x, positions)
            return wrapper

        class Rotary(nn.Module):
            def _refresh(self, positions):
                if torch.max(positions) + 1 > self.cached:
                    self.cached = 0

            def _unused(self, positions):
                print(positions)

            @refreshed
            def forward(self, x, positions):
                return x * positions
    """
    assert _rows(tmp_path, text) == [(15, "CL101")]


def test_a_decorator_factory_is_reached_through_its_call(tmp_path):
    text = """\
        import functools

        import torch

        def checked(message):
            def decorate(fn):
                @functools.wraps(fn)
                def wrapper(x):
                    if x.isnan().any():
                        raise ValueError(message)
                    return fn(x)
                return wrapper
            return decorate

        @torch.compile
        @checked("nan input")
        def f(x):
            return x + 1
    """
    assert _rows(tmp_path, text) == [(9, "CL101")]


def test_a_decorator_that_runs_code_when_it_decorates_is_not_reached(tmp_path):
    # `checks` warns once, at decoration time; dynamo never sees that line (torch.jit.ignore looks like this). A
    # decorator's nested wrapper shares its facts, so such a decorator is left out whole (its wrapper too).
    text = """\
        import functools
        import warnings

        from torch import nn

        def checks(fn):
            if not callable(fn):
                warnings.warn("not callable")
            @functools.wraps(fn)
            def wrapper(*args, **kwargs):
                return fn(*args, **kwargs)
            return wrapper

        class Model(nn.Module):
            @checks
            def head(self, x):
                return x * 2

            def forward(self, x):
                return self.head(x)
    """
    assert _rows(tmp_path, text) == []


def test_a_decorator_factory_is_called_where_the_function_is_defined(tmp_path):
    # `renamed("a", "b")` runs once, when the class body runs: its warning and print never run in the compiled
    # call, and the wrapper its decorator returns runs only the method
    text = """\
        import functools
        import warnings

        from torch import nn

        def renamed(old, new):
            warnings.warn(f"{old} is now {new}")
            print("registering", old)

            def decorator(fn):
                @functools.wraps(fn)
                def wrapper(*args, **kwargs):
                    return fn(*args, **kwargs)
                return wrapper
            return decorator

        class Model(nn.Module):
            @renamed("a", "b")
            def forward(self, x):
                return x * 2
    """
    assert _rows(tmp_path, text) == []


def test_an_object_held_on_self_is_called_with_its_instance_bound(tmp_path):
    text = """\
        from torch import nn

        class Quantizer:
            def __init__(self, bits):
                self.bits = bits

            def __call__(self, x):
                return x / float(x.abs().max())

        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = nn.Linear(4, 4)
                self.quant = Quantizer(8)

            def forward(self, x):
                return self.quant(self.lin(x))
    """
    assert _rows(tmp_path, text) == [(8, "CL111")]


def test_forward_hooks_registered_in_init_are_reached_with_the_modules_forward(tmp_path):
    text = """\
        from torch import nn

        def announce(module, args, output):
            print("ran", output.shape)

        def never_registered(module, args, output):
            print("not a hook")

        class Model(nn.Module):
            def __init__(self, extra_hook=None):
                super().__init__()
                self.register_forward_hook(announce)
                if extra_hook is not None:
                    self.register_forward_pre_hook(extra_hook)

            def forward(self, x):
                return x * 2
    """
    assert _rows(tmp_path, text) == [(4, "CL131")]


def test_the_index_records_the_hooks_the_engine_records(tmp_path):
    from compilelint.index import index_file
    from compilelint.linter import parse_and_lint, read_source

    path = tmp_path / "hooked.py"
    path.write_text(textwrap.dedent("""\
        from torch import nn
        from pkg.hooks import announce

        def local_hook(module, args):
            return None

        class Model(nn.Module):
            def __init__(self, given):
                super().__init__()
                self.register_forward_hook(announce)
                self.register_forward_pre_hook(local_hook)
                self.register_forward_hook(given)
                self.register_forward_hook(self.method_hook)

            def forward(self, x):
                return x
    """))
    source, _ = read_source(path, str(path))
    indexed = index_file(source.text, source.path, "hooked", False).facts.classes["Model"].hooks
    parsed = parse_and_lint(source, "hooked", False, ()).facts.classes["Model"].hooks
    assert indexed == parsed
    assert sorted(parsed) == ["local_hook", "pkg.hooks.announce", "self.method_hook"]


def test_a_keyword_partial_or_plain_function_held_on_self_gets_the_callers_tensor_facts(tmp_path):
    text = """\
        import functools

        from torch import nn

        def clip_to(x, limit):
            return x.clamp(max=float(x.max()) - limit)

        def shift(offset, x):
            return x - float(x.max()) + offset

        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.clip = functools.partial(clip_to, limit=1.0)
                self.shift = functools.partial(shift, 2.0)

            def forward(self, x):
                return self.shift(self.clip(x))
    """
    # shift's partial binds a positional argument: which parameter the call's x reaches is left unknown
    assert _rows(tmp_path, text) == [(6, "CL111")]


def test_the_index_records_which_callables_take_the_positional_arguments_as_the_engine_does(tmp_path):
    from compilelint.index import index_file
    from compilelint.linter import parse_and_lint, read_source

    path = tmp_path / "held.py"
    path.write_text(textwrap.dedent("""\
        import functools

        from torch import nn

        def helper(x, y=1):
            return x

        class Base(nn.Module):
            def __init__(self):
                super().__init__()
                self.act = helper
                self.clip = functools.partial(helper, y=2)
                self.bound = functools.partial(helper, 3)

        class Child(Base):
            def __init__(self):
                super().__init__()
                self.clip = functools.partial(helper, 4)
    """))
    source, _ = read_source(path, str(path))
    indexed = index_file(source.text, source.path, "held", False).facts.classes
    parsed = parse_and_lint(source, "held", False, ()).facts.classes
    assert [indexed[c].positional_callables for c in ("Base", "Child")] == \
        [parsed[c].positional_callables for c in ("Base", "Child")]
    assert [sorted(parsed[c].positional_callables) for c in ("Base", "Child")] == [["act", "clip"], ["act"]]


def test_a_closure_a_factory_returns_runs_where_it_is_called(tmp_path):
    # `make_logger` only defines and returns `log`: calling self.log runs log, whose code is make_logger's own
    text = """\
        from torch import nn

        def make_logger(prefix):
            def log(x):
                print(prefix, x.shape)
                return x
            return log

        def make_scaler(factor):
            print("scaler", factor)  # runs in __init__, never in the compiled call
            def scale(x):
                return x * factor
            return scale

        def make_bias(dim):  # returns a module it builds: calling that runs its forward, not this
            return nn.Sequential(nn.Linear(2, dim))

        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.log = make_logger("layer")
                self.scale = make_scaler(2.0)
                self.bias = make_bias(2)

            def forward(self, x):
                return self.bias(self.scale(self.log(x)))
    """
    assert _rows(tmp_path, text) == [(5, "CL131")]


def test_a_static_method_made_in_the_class_body_is_called_with_the_arguments_alone(tmp_path):
    text = """\
        from torch import nn

        def to_list(t):
            return t.tolist()

        class Model(nn.Module):
            convert = staticmethod(to_list)

            def forward(self, x):
                return self.convert(x)
    """
    assert _rows(tmp_path, text) == [(4, "CL112")]


def test_a_decorator_factory_that_hands_the_work_on_reaches_the_wrapper(tmp_path):
    # gpytorch's `cached`: `if` on plain values and returns of calls decide the wrapper at decoration time; the
    # wrapper `g` runs on every call of the method
    text = """\
        import functools
        import pickle

        from torch import nn

        def cached(method=None, name=None, ignore=False):
            if ignore: return _cached(method=method, name=name)
            return _cached(method=method, name=name)

        def _cached(method=None, name=None):
            if method is None:
                return functools.partial(_cached, name=name)

            @functools.wraps(method)
            def g(self, *args, **kwargs):
                key = pickle.dumps(kwargs)
                return method(self, *args, **kwargs)
            return g

        class Model(nn.Module):
            @cached(name="x")
            def helper(self, x):
                return x * 2

            def forward(self, x):
                return self.helper(x)
    """
    assert _rows(tmp_path, text) == [(16, "CL153")]
