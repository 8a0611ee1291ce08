"""Tensor kinds across functions and files (summaries.py): a helper's parameter is a tensor when every
compiled call of it passes one, a call returns a tensor when the function it reaches does, wherever the
function is defined. The dynamo case runs in the catalogue's child process (`examples_under_dynamo`)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from compilelint.cache import Cache
from compilelint.config import Config
from compilelint.linter import lint
from compilelint.registry import all_rules, tool_codes_enabled
from tests.helpers import REPO, found_lines, lint_paths, marked_lines

CASES = REPO / "tests" / "dynamo_cases"
CALLS = CASES / "interproc_calls.py"
GIVEN = CASES / "given_params.py"
SOME = CASES / "some_calls.py"
HELPERS = CASES / "interproc_helpers" / "ops.py"
ENTRY = CASES / "interproc_entry.py"
OBJECT_RETURNS = CASES / "object_returns.py"
OBJECT_RETURNS_INTS = CASES / "object_returns_ints.py"
FACTORY_RETURNS = CASES / "factory_returns.py"
FACTORY_RETURNS_INTS = CASES / "factory_returns_ints.py"


def test_tensors_through_helpers_are_flagged_on_exactly_the_marked_lines():
    assert found_lines(lint_paths([CALLS, HELPERS])) == marked_lines([CALLS, HELPERS])


def test_inputs_of_a_compiled_function_are_tensors_in_what_it_calls():
    assert found_lines(lint_paths([ENTRY])) == marked_lines([ENTRY])


@pytest.mark.parametrize("case, files", [(CALLS, [CALLS, HELPERS]), (ENTRY, [ENTRY])], ids=["calls", "entry"])
def test_dynamo_breaks_on_exactly_the_marked_lines(examples_under_dynamo, case, files):
    result = examples_under_dynamo[case.resolve()]
    assert result["ok"], result.get("traceback")
    broken = sorted((b["filename"], b["row"], "CL101") for b in result["breaks"])
    assert broken == marked_lines(files)


def test_what_a_method_of_a_resolved_object_hands_back_is_a_tensor_where_its_arguments_are():
    assert found_lines(lint_paths([OBJECT_RETURNS])) == marked_lines([OBJECT_RETURNS])


def test_dynamo_breaks_where_a_resolved_objects_method_hands_back_tensors(examples_under_dynamo):
    result = examples_under_dynamo[OBJECT_RETURNS.resolve()]
    assert result["ok"], result.get("traceback")
    broken = sorted((b["filename"], b["row"], "CL101") for b in result["breaks"])
    assert broken == marked_lines([OBJECT_RETURNS])


def test_the_same_method_handed_ints_hands_back_ints():
    assert found_lines(lint_paths([OBJECT_RETURNS_INTS])) == []


def test_the_same_method_handed_ints_compiles_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[OBJECT_RETURNS_INTS.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []
    assert result["graphs"] == 1


def test_a_factory_returning_through_a_local_bound_once_returns_what_the_local_holds():
    assert found_lines(lint_paths([FACTORY_RETURNS])) == marked_lines([FACTORY_RETURNS])


def test_dynamo_breaks_where_a_factorys_product_hands_back_tensors(examples_under_dynamo):
    result = examples_under_dynamo[FACTORY_RETURNS.resolve()]
    assert result["ok"], result.get("traceback")
    broken = sorted((b["filename"], b["row"], "CL101") for b in result["breaks"])
    assert broken == marked_lines([FACTORY_RETURNS])


def test_factories_handing_ints_or_returning_a_rebound_local_flag_nothing():
    assert found_lines(lint_paths([FACTORY_RETURNS_INTS])) == []


def test_factories_handing_ints_or_returning_a_rebound_local_compile_without_breaks(examples_under_dynamo):
    result = examples_under_dynamo[FACTORY_RETURNS_INTS.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["breaks"] == []
    assert result["graphs"] == 1


def _project(tmp_path: Path, files: dict) -> Path:
    pkg = tmp_path / "pkg"
    pkg.mkdir(exist_ok=True)
    (pkg / "__init__.py").write_text("")
    for name, text in files.items():
        (pkg / name).write_text(textwrap.dedent(text))
    return tmp_path


def _lint(root: Path, cache=None):
    files = sorted((root / "pkg").glob("*.py"))
    run = lint(files, Config(root=root), list(all_rules()), tool_codes_enabled(()), cache=cache)
    return sorted((Path(f.path).name, f.start.row) for f in run.findings if f.code == "CL101")


MODEL = """\
    import torch
    from torch import nn
    from pkg.ops import gate, norm


    class Net(nn.Module):
        def forward(self, x):
            {body}
            return x
    """


@pytest.mark.parametrize("body, flagged", [
    ("gate(x.sum())", True),
    # one compiled call passes an int: the parameter is not known to be a tensor
    ("gate(x.sum()); gate(x.shape[0])", False),
    ("gate(*[x.sum()])", False),  # arguments we cannot map
    ("gate(t=x.sum())", True),
    ("gate(x.sum(), 1)", True),
])
def test_a_parameter_is_a_tensor_when_every_compiled_call_passes_one(tmp_path, body, flagged):
    ops = """\
        def gate(t, n=0):
            if t.mean() > 1:  # numpy arrays have mean too: what the calls pass decides (`.abs()` alone would not)
                return 1
            return 0


        def norm(t):
            return t
        """
    root = _project(tmp_path, {"model.py": MODEL.format(body=body), "ops.py": ops})
    assert _lint(root) == ([("ops.py", 2)] if flagged else [])


def test_a_parameter_one_compiled_call_passes_a_tensor_is_flagged_where_it_breaks(examples_under_dynamo):
    assert found_lines(lint_paths([SOME])) == marked_lines([SOME])
    result = examples_under_dynamo[SOME.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted((b["filename"], b["row"], "CL101") for b in result["breaks"]) == marked_lines([SOME])


@pytest.mark.parametrize("body, flagged", [
    ("gate(x.sum()); gate(self.scale)", [("ops.py", 2)]),  # one call breaks: the other passes something unknown
    ("gate(x.sum()); gate(3)", []),  # a call passes an int: `t` is as likely a number
    ("gate(x.sum()); gate(None)", []),
    ("gate(self.scale)", []),  # no call is known to pass a tensor
])
def test_a_finding_on_a_parameter_needs_one_call_passing_a_tensor_and_none_a_plain_value(tmp_path, body, flagged):
    ops = """\
        def gate(t):
            if t.max() > 1:  # numpy arrays have max too: what the calls pass decides
                return 1
            return 0


        def norm(t):
            return t
        """
    root = _project(tmp_path, {"model.py": MODEL.format(body=body), "ops.py": ops})
    assert _lint(root) == flagged


@pytest.mark.parametrize("other, flagged", [("norm(x * 2)", [("model.py", 8)]), ("norm(self.scale)", [])])
def test_what_a_function_returns_of_its_parameter_needs_every_call_to_pass_a_tensor(tmp_path, other, flagged):
    # `norm(self.scale)` may return a number: a condition on what norm returns is not known to test a tensor
    model = """\
        from torch import nn
        from pkg.ops import norm


        class Net(nn.Module):
            def forward(self, x):
                {other}
                if norm(x) > 0:
                    x = x * 2
                return x
        """.format(other=other)
    root = _project(tmp_path, {"model.py": model, "ops.py": "def norm(t):\n    return t\n"})
    assert _lint(root) == flagged


@pytest.mark.parametrize("other, test, flagged", [
    ("peak(self.gain)", "peak(x.sum())", True),
    ("self.halve(self.gain)", "self.halve(x.sum())", True),
    ("u, v = pair(self.gain, 1)", "pair(x.sum(), 1)", True),  # unpacked: `u, v = pair(...)`, then `if u > 1`
    ("u, v = pair(x.sum(), 1)", "pair(self.gain, 1)", False),
    ("", "peak(self.gain)", False),
])
def test_a_helper_walked_before_its_call_returns_a_tensor_where_this_call_passes_one(tmp_path, other, test, flagged):
    # other calls of the helper pass a float: only what this call passes makes its return a tensor
    unpacked = test.startswith("pair")
    model = """\
        from torch import nn


        def peak(t):
            return t.max()


        def pair(a, b):
            return a * 2, b


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.gain = 0.5

            def halve(self, t):
                return t / 2

            def forward(self, x):
                {other}
                {bind}
                if {test} > 1:
                    x = x * 2
                return x
        """.format(other=other or "pass", bind=f"u, v = {test}" if unpacked else "pass", test="u" if unpacked else test)
    root = _project(tmp_path, {"model.py": model})
    assert _lint(root) == ([("model.py", 23)] if flagged else [])


@pytest.mark.parametrize("body, flagged", [
    ("gate(x.sum())", True),  # computed here: dynamo branches on it (torchdyn's `if error_ratio == 0:`)
    ("gate(norm(x.sum()))", True),  # what a helper returns of one
    ("gate(x)", False),  # forward's input handed on: only assumed a tensor, as often an int
    ("gate(x.sum()); gate(x.shape[0])", False),  # another call passes an int
    # another call passes what nobody can tell (torchmetrics' r2 `if num_obs < 2:` fed `target.size(0)` there)
    ("gate(x.sum()); gate(x.extra_counts)", False),
])
def test_a_bare_parameter_compared_with_a_number_is_a_tensor_where_every_call_computes_one(tmp_path, body, flagged):
    ops = """\
        def gate(t):
            if t > 1:
                return 1
            return 0


        def norm(t):
            return t
        """
    root = _project(tmp_path, {"model.py": MODEL.format(body=body), "ops.py": ops})
    assert _lint(root) == ([("ops.py", 2)] if flagged else [])


@pytest.mark.parametrize("test, flagged", [
    ("rest == 1", False),  # arithmetic of the root's inputs and plain values, compared with a number
    ("-(length - 1) * 2 > 8", False),
    ("rest", True),  # not compared with a number: the truth value of what the input is
    ("prime.sum() % seq_len == 1", True),  # a reduction is no bare input
    # what a helper returns of the input (its other call passes ints): as often an int too
    ("not divisible(length, seq_len)", False),
    ("not divisible(prime.sum(), seq_len)", True),
])
def test_arithmetic_of_a_roots_inputs_compared_with_a_number_is_as_often_an_int(tmp_path, test, flagged):
    # block-recurrent-transformer-pytorch's generate(prime, length): `elif length % seq_len == 1:` on an int length
    ops = """\
        def divisible(numer, denom):
            return (numer % denom) == 0


        class Wrapper:
            def generate(self, prime, length):
                seq_len = self.seq_len
                rest = length % seq_len
                even = divisible(4, 2)
                if {test}:
                    return prime
                return prime[:, :rest] if even else prime
        """.format(test=test)
    root = _project(tmp_path, {"ops.py": ops})
    files = sorted((root / "pkg").glob("*.py"))
    run = lint(files, Config(root=root, compiled_roots=("pkg.ops:Wrapper.generate",)), list(all_rules()),
               tool_codes_enabled(()))
    assert [f.start.row for f in run.findings if f.code == "CL101"] == ([10] if flagged else [])


@pytest.mark.parametrize("returned, flagged", [
    ("y.abs().max()", True),
    ("float(y.abs().max())", False),
    ("y.abs().max() if y.dim() else 0.0", False),  # one branch is not a tensor
])
def test_a_call_returns_a_tensor_when_the_function_it_reaches_does(tmp_path, returned, flagged):
    model = """\
        import torch
        from torch import nn


        class Net(nn.Module):
            def forward(self, x):
                if peak(x) > 1:
                    x = x * 2
                if self.spread(x) > 1:
                    x = x / 2
                return x

            def spread(self, y):
                return peak(y) - peak(-y)


        def peak(y):
            return {returned}
        """.format(returned=returned)
    root = _project(tmp_path, {"model.py": model})
    assert _lint(root) == ([("model.py", 7), ("model.py", 9)] if flagged else [])


def test_a_none_test_on_a_parameter_every_compiled_call_passes_is_settled_by_its_callers():
    assert found_lines(lint_paths([GIVEN])) == marked_lines([GIVEN])


def test_dynamo_breaks_only_where_a_compiled_call_leaves_the_parameter_none(examples_under_dynamo):
    result = examples_under_dynamo[GIVEN.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted((b["filename"], b["row"], "CL111") for b in result["breaks"]) == marked_lines([GIVEN])


@pytest.mark.parametrize("calls, flagged", [
    ("size(x, n=x.size(0))", False),
    ("size(x, x.shape[0] + 1)", False),
    ("size(x, n=x.size(0)); size(x)", True),  # one compiled call leaves it out
    ("size(x, None)", True),
    ("size(x, self.n)", True),  # an attribute may hold None
    ("size(x, *[3])", True),  # arguments we cannot map
    ("size(x, n=x.size(0), **self.options)", False),  # named: what **options unpacks cannot pass it again
    ("relay(x, x.size(0))", False),  # its caller's parameter, itself always passed
    ("relay(x, x.size(0)); relay(x, None)", True),
])
def test_a_parameter_every_compiled_call_passes_is_never_none(tmp_path, calls, flagged):
    model = """\
        import torch
        from torch import nn
        from pkg.ops import relay, size


        class Net(nn.Module):
            def forward(self, x):
                {calls}
                return x
        """.format(calls=calls)
    ops = """\
        def size(t, n=None):
            if n is None:
                if t.sum() > 0:
                    return 1
            return n


        def relay(t, m):
            return size(t, m)
        """
    root = _project(tmp_path, {"model.py": model, "ops.py": ops})
    assert _lint(root) == ([("ops.py", 3)] if flagged else [])


@pytest.mark.parametrize("calls, flagged", [
    ("masked(x)", False),  # no compiled call passes mask: it is None
    ("masked(x); masked(x, x > 0)", True),
    ("masked(x, mask=None)", True),  # passed, if only None: not known to be left out
    ("masked(x, **self.options)", True),  # may pass it
    ("scaled(x)", True),  # left out, but its default is no None
])
def test_a_parameter_no_compiled_call_passes_keeps_its_default(tmp_path, calls, flagged):
    model = """\
        import torch
        from torch import nn
        from pkg.ops import masked, scaled


        class Net(nn.Module):
            def forward(self, x):
                {calls}
                return x
        """.format(calls=calls)
    ops = """\
        def masked(t, mask=None):
            if mask is not None:
                if t.sum() > 0:
                    return 1
            return 0


        def scaled(t, scale=2.0):
            if scale is not None:
                if t.sum() > 0:
                    return 1
            return 0
        """
    root = _project(tmp_path, {"model.py": model, "ops.py": ops})
    assert _lint(root) == ([("ops.py", 3)] if calls.startswith("masked") and flagged else
                           [("ops.py", 10)] if flagged else [])


@pytest.mark.parametrize("net, flagged", [
    ("", True),  # only the forward's own call leaves names out: its first call comes from the module's users
    ("self.tree(x)", False),  # the model around it calls it without names: the loop is never traced
])
def test_a_forward_calling_itself_does_not_tell_what_its_first_call_passes(tmp_path, net, flagged):
    model = """\
        import torch
        from torch import nn


        class Tree(nn.Module):
            def forward(self, x, names=None):
                if not names:
                    return x
                for name in names:
                    self.forward(x)
                    if x.sum() > 0:
                        x = x + 1
                return x
        """
    if net:
        model += """\


        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.tree = Tree()

            def forward(self, x):
                return {net}
        """.format(net=net)
    root = _project(tmp_path, {"model.py": model})
    assert _lint(root) == ([("model.py", 11)] if flagged else [])


@pytest.mark.parametrize("relay, flagged", [
    ("if m is None:\n        m = len(t)\n    return size(t, m)", False),
    ("m = len(t) if m is None else m\n    return size(t, m)", False),
    ("if t.dim() > 1:\n        m = len(t)\n    return size(t, m)", True),  # not on every path
    ("for _ in range(2):\n        m = len(t)\n    return size(t, m)", True),  # the loop may not run
])
def test_a_local_assigned_a_value_on_every_path_is_never_none(tmp_path, relay, flagged):
    model = """\
        import torch
        from torch import nn
        from pkg.ops import relay


        class Net(nn.Module):
            def forward(self, x):
                relay(x)
                return x
        """
    ops = textwrap.dedent("""\
        def size(t, n=None):
            if n is None:
                if t.sum() > 0:
                    return 1
            return n


        def relay(t, m=None):
            {relay}
        """).format(relay=relay)
    root = _project(tmp_path, {"model.py": model, "ops.py": ops})
    assert _lint(root) == ([("ops.py", 3)] if flagged else [])


def test_a_function_compiled_on_its_own_may_be_passed_none(tmp_path):
    model = """\
        import torch


        @torch.compile
        def size(t, n=None):
            if n is None:
                if t.sum() > 0:
                    return 1
            return n


        @torch.compile
        def caller(t):
            return size(t, 3)
        """
    assert _lint(_project(tmp_path, {"model.py": model})) == [("model.py", 7)]


def test_recursion_proves_nothing(tmp_path):
    model = """\
        from torch import nn


        class Net(nn.Module):
            def forward(self, x):
                if ping(x.shape[0]) > 1:
                    x = x * 2
                return x


        def ping(n):
            return pong(n - 1)


        def pong(n):
            return ping(n)
        """
    assert _lint(_project(tmp_path, {"model.py": model})) == []


def test_a_cached_file_follows_a_change_in_the_file_it_imports(tmp_path):
    ops = """\
        def gate(t):
            return t


        def norm(t):
            return t.abs().max()
        """
    root = _project(tmp_path, {"model.py": MODEL.format(body="if norm(x) > 1: x = x * 2"), "ops.py": ops})
    settings = dict(directory=root / ".cache", config=Config(root=root), enabled=list(all_rules()))
    assert _lint(root, Cache.for_run(**settings)) == [("model.py", 8)]
    (root / "pkg" / "ops.py").write_text(textwrap.dedent(ops).replace("t.abs().max()", "float(t.abs().max())"))
    cache = Cache.for_run(**settings)
    assert _lint(root, cache) == []
    assert (cache.hits, cache.misses) == (2, 1)  # model.py came from the cache, yet its finding is gone


def test_a_method_of_an_object_held_on_self_binds_the_instance(tmp_path):
    from tests.helpers import lint_text

    # diffusers-style `self.scheduler.step(out, t, sample)`: `self.scheduler = Scheduler()` holds an instance, so
    # `t` is the step's `timestep` (dynamo-proven in tests/adversarial/cases/b6_diff_consistency_scalings.py and
    # b4_diff_lcm_prev_timestep.py); an attribute holding the class calls it unbound, `t` is then its `self`
    text = textwrap.dedent("""\
        import torch
        from torch import nn

        class Scheduler:
            def step(self, out, timestep):
                return out * float(timestep)

        class Model(nn.Module):
            def __init__(self):
                super().__init__()
                self.scheduler = Scheduler()
                self.scheduler_class = Scheduler

            def forward(self, x):
                t = x.sum()
                return self.scheduler.step(x, t) + self.scheduler_class.step(t, x, x.shape[0])
    """)
    assert [(f.start.row, f.code) for f in lint_text(tmp_path, text)] == [(6, "CL111")]
