"""The pre-filter: files indexed with CPython's `ast` and never parsed with libcst change how fast, never what."""

from __future__ import annotations

import dataclasses
import textwrap
from pathlib import Path

import pytest

from compilelint import linter
from compilelint.cache import Cache
from compilelint.config import Config
from compilelint.index import COMPILE, DYNAMO_CONFIG, GLOBAL_WRITE, TRAINING_LOOP, index_file
from compilelint.linter import lint, module_name, parse_and_lint, read_source
from compilelint.registry import all_rules, tool_codes_enabled

REPO = Path(__file__).resolve().parent.parent
# what the index leaves out on purpose (see index.py); every other fact must be the engine's
# (and global_write_prefixes, which only the index writes: a parsed file has its exact global_writes)
LEFT_OUT = {"calls", "passed_values", "stored_params", "guarded_calls", "tensor_attrs", "non_tensor_attrs", "param_attrs", "alias_attrs", "params", "size_params", "float_params", "returns",
            "return_items", "call_args", "lambdas", "lambda_calls", "lambda_passes", "param_calls", "global_write_prefixes", "handed_names",
            "checkpointed", "indexed"}


def _comparable(facts):
    """The facts as plain data, without the left-out fields (a new field is compared until it is listed)."""
    def fields(obj):
        return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj) if f.name not in LEFT_OUT}
    out = fields(facts)
    out["classes"] = {name: fields(info) for name, info in facts.classes.items()}
    out["functions"] = {name: fields(fn) for name, fn in facts.functions.items()}
    return out


def _sources():
    files = sorted((REPO / "fixtures").rglob("*.py")) + sorted((REPO / "rules").rglob("*.py"))
    return [p for p in files if "__pycache__" not in p.parts]


def test_index_facts_are_the_engines_where_no_trigger_asks_for_a_parse():
    compared = 0
    for path in _sources():
        source, _ = read_source(path, str(path))
        name, is_package = module_name(path)
        index = index_file(source.text, source.path, name, is_package)
        full = parse_and_lint(source, name, is_package, ())
        assert (index is None) == (full.error is not None), path
        if index is None or index.triggers & {COMPILE, DYNAMO_CONFIG}:
            continue
        compared += 1
        assert _comparable(index.facts) == _comparable(full.facts), path
    assert compared > 50


@pytest.mark.parametrize("text, triggers", [
    ('"""Works under torch.compile."""\n# torch.compile(model) too\nimport re\nP = re.compile("x")\n', set()),
    ("import torch\nm = torch.compile(f)\n", {COMPILE}),
    ("from torch import compile as c\n", {COMPILE}),
    ("model.compile()\n", {COMPILE}),
    ("store.compile()\n", {COMPILE}),
    ('import unittest\n@unittest.skip("fails under torch.compile")\ndef f():\n    pass\n', set()),
    ('import torch\nlabel = "compiled"\nm = f"{torch.compile(f)}"\n', {COMPILE}),
    ("import torch._dynamo\ntorch._dynamo.config.cache_size_limit = 64\n", {DYNAMO_CONFIG, GLOBAL_WRITE}),
    ("from pkg import flags\n\ndef f():\n    flags.MODE = 1\n", {GLOBAL_WRITE}),
    ("import pkg.flags as f\n\ndef g(x):\n    f.CACHE.append(x)\n", {GLOBAL_WRITE}),
    ("def g(cache, x):\n    cache.append(x)\n    cache.mode = 1\n", set()),
    ('import os\nos.environ["TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS"] = "1"\n', {DYNAMO_CONFIG, GLOBAL_WRITE}),
    ("def train(m, opt):\n    for x in data:\n        m(x).sum().backward()\n        opt.step()\n", {TRAINING_LOOP}),
    ("def f(xs):\n    for x in xs:\n        x.add_(1)\n", set()),
])
def test_triggers(text, triggers):
    assert index_file(text, "m.py", "m", False).triggers == triggers


BASE = "from torch import nn\n\n\nclass Base(nn.Module):\n    pass\n"
# no torch import: only the project index knows Layer is an nn.Module
LAYER = textwrap.dedent("""\
    from pkg.base import Base


    class Layer(Base):
        def forward(self, x):
            if x.sum() > 0:
                x = x * 2
            return x
    """)
HELPERS = textwrap.dedent("""\
    def helper(x):
        return x * x.max().item()


    def unused(x):
        return x.max().item()
    """)
TRAIN = textwrap.dedent("""\
    def train(model, opt, data):
        for x in data:
            loss = model(x).sum()
            loss.backward()
            opt.step()
            print(loss.item())
    """)


@pytest.fixture
def project(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    for name, text in (("__init__", ""), ("base", BASE), ("layer", LAYER), ("helpers", HELPERS), ("train", TRAIN)):
        (pkg / f"{name}.py").write_text(text)
    return tmp_path


def _lint(root: Path, cache=None, prefilter=True, monkeypatch=None):
    if not prefilter:
        monkeypatch.setattr(linter, "_parse_triggers", lambda enabled: None)
    try:
        return lint(sorted((root / "pkg").glob("*.py")), Config(root=root), list(all_rules()), tool_codes_enabled(()),
                    cache=cache)
    finally:
        if monkeypatch is not None:
            monkeypatch.undo()


def _checked(run):
    return sorted(Path(path).stem for path, result in run.results.items() if result.checked)


def test_files_without_compiled_code_are_not_parsed_and_the_findings_are_the_same(project, monkeypatch):
    run = _lint(project)
    # base.py and helpers.py hold no compiled code; train.py has a training loop (CL401 reports outside
    # compiled code)
    assert _checked(run) == ["layer", "train"]
    assert {(Path(f.path).stem, f.code) for f in run.findings} >= {("layer", "CL101"), ("train", "CL401")}
    assert run.findings == _lint(project, prefilter=False, monkeypatch=monkeypatch).findings


def test_a_call_from_compiled_code_gets_the_callee_parsed_even_from_the_cache(project, monkeypatch):
    _lint(project, cache=Cache.for_run(project / ".cache", Config(root=project), list(all_rules())))
    (project / "pkg" / "layer.py").write_text(
        LAYER.replace("from pkg.base import Base", "from pkg.base import Base\nfrom pkg.helpers import helper")
        .replace("return x\n", "return helper(x)\n"))
    cache = Cache.for_run(project / ".cache", Config(root=project), list(all_rules()))
    warm = _lint(project, cache=cache)
    assert (cache.hits, cache.misses) == (4, 1)
    assert "helpers" in _checked(warm)
    helper_findings = [f for f in warm.findings if f.path.endswith("helpers.py")]
    assert [(f.code, f.start.row) for f in helper_findings] == [("CL111", 2)]
    assert warm.findings == _lint(project, prefilter=False, monkeypatch=monkeypatch).findings


def test_a_function_reached_later_is_reported_from_the_first_parse(tmp_path, monkeypatch):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    # model.py is linted while only forward is known to be compiled; late() is reached through helpers.py,
    # which is parsed after it: model.py keeps every candidate, so it is not parsed again
    (pkg / "model.py").write_text(textwrap.dedent("""\
        from torch import nn

        from pkg import helpers


        class Model(nn.Module):
            def forward(self, x):
                return helpers.scale(x)


        def late(x):
            return x * x.max().item()
        """))
    (pkg / "helpers.py").write_text("from pkg import model\n\n\ndef scale(x):\n    return model.late(x)\n")
    linted = []
    parse_and_lint = linter.parse_and_lint
    monkeypatch.setattr(linter, "parse_and_lint", lambda source, *args: linted.append(Path(source.path).name)
                        or parse_and_lint(source, *args))
    run = _lint(tmp_path)
    monkeypatch.undo()
    assert linted == ["model.py", "helpers.py"]
    assert [(Path(f.path).name, f.code, f.start.row) for f in run.findings] == [("model.py", "CL111", 12)]
    assert run.findings == _lint(tmp_path, prefilter=False, monkeypatch=monkeypatch).findings


@pytest.mark.parametrize("folder", ["fixtures/projects/zoo", "fixtures/models", "tests/adversarial/cases"])
def test_the_prefilter_changes_no_finding_on_the_fixtures(folder, monkeypatch):
    files = sorted(p for p in (REPO / folder).rglob("*.py") if "__pycache__" not in p.parts)
    config = Config(root=REPO / folder)

    def run():
        return lint(files, config, list(all_rules()), tool_codes_enabled(())).findings

    with_prefilter = run()
    monkeypatch.setattr(linter, "_parse_triggers", lambda enabled: None)
    assert with_prefilter == run()


def test_a_global_changed_by_a_file_without_compiled_code_still_counts(tmp_path, monkeypatch):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "flags.py").write_text("MODE = 0\n")
    (pkg / "model.py").write_text(textwrap.dedent("""\
        from torch import nn

        from pkg import flags


        class Model(nn.Module):
            def forward(self, x):
                return x * flags.MODE
        """))
    (pkg / "train.py").write_text("from pkg import flags\n\n\ndef run(model, xs):\n    for i, x in enumerate(xs):\n"
                                  "        flags.MODE = i\n        model(x)\n")
    run = _lint(tmp_path)
    assert [(Path(f.path).name, f.code) for f in run.findings] == [("model.py", "CL210")]
    assert "train" in _checked(run)  # parsed for its writes: the index knows only that it may write pkg.flags
    assert run.findings == _lint(tmp_path, prefilter=False, monkeypatch=monkeypatch).findings


def test_a_file_writing_globals_no_compiled_code_reads_is_not_parsed(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "flags.py").write_text("MODE = 0\nSEEN = []\n")
    (pkg / "other.py").write_text("LEVEL = 1\n")
    (pkg / "model.py").write_text("from torch import nn\n\nfrom pkg import flags\n\n\nclass Model(nn.Module):\n"
                                  "    def forward(self, x):\n        return x * flags.MODE\n")
    # writes under pkg.other and to pkg.flags.SEEN (no global compiled code reads), none under pkg.flags.MODE
    (pkg / "train.py").write_text("from pkg import other\nfrom pkg.flags import SEEN\n\n\ndef run(xs):\n"
                                  "    for x in xs:\n        other.LEVEL = x\n        SEEN.append(x)\n")
    assert index_file((pkg / "train.py").read_text(), "train.py", "pkg.train", False).facts.global_write_prefixes \
        == ["pkg.flags.SEEN", "pkg.other"]
    run = _lint(tmp_path)
    assert "train" not in _checked(run) and "model" in _checked(run)
    assert run.findings == []


BOUND_ONCE = '''\
import contextlib
from pkg.solvers import SOLVERS


def once(name, dtype):
    solver = SOLVERS[name]
    return solver(dtype)


def rebound(name, dtype):
    solver = SOLVERS[name]
    solver += 1
    return solver(dtype)


def rebound_by(name, dtype, names):
    a = SOLVERS[name]
    for a in names:
        pass
    b = SOLVERS[name]
    with contextlib.nullcontext() as b:
        pass
    c = SOLVERS[name]
    try:
        pass
    except ValueError as c:
        pass
    d = SOLVERS[name]
    (d := names)
    e = SOLVERS[name]
    x, *e = names
    f = SOLVERS[name]
    [f for f in names]
    if dtype:
        return a(dtype)
    if name:
        return b(dtype) or c(dtype)
    return d(dtype) or e(dtype) or f(dtype)
'''


def test_the_index_and_the_engine_spell_a_return_through_a_local_bound_once_alike(tmp_path):
    path = tmp_path / "factories.py"
    path.write_text(BOUND_ONCE)
    source, _ = read_source(path, str(path))
    index = index_file(source.text, source.path, "factories", False)
    full = parse_and_lint(source, "factories", False, ())
    returned = {name: fn.returned for name, fn in full.facts.functions.items()}
    assert returned["once"] == ["pkg.solvers.SOLVERS[]()"]
    assert returned["rebound"] == returned["rebound_by"] == []
    assert {name: fn.returned for name, fn in index.facts.functions.items()} == returned
    assert _comparable(index.facts) == _comparable(full.facts)
