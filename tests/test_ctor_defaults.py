"""Constructor arguments with defaults: an __init__ parameter never rebound there reads as its default, a name
(`norm_layer=nn.LayerNorm` then `self.norm = norm_layer(dim)`; `act_fn=helper` then `self.act = act_fn`). Dynamo's
side is tests/adversarial/cases/ctor_*.py."""

from __future__ import annotations

import textwrap
from pathlib import Path

from compilelint.config import Config
from compilelint.index import index_file
from compilelint.linter import lint, parse_and_lint, read_source
from compilelint.registry import all_rules, tool_codes_enabled
from tests.test_index import _comparable

LAYERS = textwrap.dedent('''
    import torch
    from torch import nn
    from pkg.acts import clamped, EPS

    def local_act(x):
        return x

    class Block(nn.Module):
        def __init__(self, dim, norm_layer=nn.LayerNorm, rnn_cls=nn.LSTM, hook=None, *, act=clamped, eps=EPS,
                     flag=True, other=local_act, reset=nn.GELU):
            super().__init__()
            self.norm = norm_layer(dim)
            self.rnn = rnn_cls(dim, dim)
            self.act = act
            self.eps = eps
            self.hook = hook
            self.flag = flag
            reset = reset if flag else nn.Identity
            self.reset = reset()
            self.other = other

        def forward(self, x):
            h, _ = self.rnn(x)
            return self.act(self.norm(h))
''')

ACTS = textwrap.dedent('''
    EPS = 1e-6

    def clamped(x):
        return x.clamp(max=x.abs().amax().item())
''')


def _facts(tmp_path: Path):
    path = tmp_path / "layers.py"
    path.write_text(LAYERS)
    source, _ = read_source(path, str(path))
    return index_file(source.text, source.path, "pkg.layers", False), parse_and_lint(source, "pkg.layers", False, ())


def test_defaults_read_as_the_names_they_hold_in_the_engine_and_the_index_alike(tmp_path):
    index, full = _facts(tmp_path)
    block = full.facts.classes["Block"]
    assert block.submodule_classes["norm"] == {"torch.nn.LayerNorm"}
    assert block.submodule_classes["rnn"] == {"torch.nn.LSTM"}
    assert block.callables["act"] == "pkg.acts.clamped" and block.callables["other"] == "local_act"
    # a None default holds nothing; an argument rebound in __init__ is what the rebinding says (a class or another)
    assert "hook" not in block.callables and "reset" not in block.submodule_classes
    assert _comparable(index.facts) == _comparable(full.facts)


def test_a_default_function_called_through_the_attribute_is_compiled(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "layers.py").write_text(LAYERS)
    (pkg / "acts.py").write_text(ACTS)
    run = lint(sorted(pkg.glob("*.py")), Config(root=tmp_path), list(all_rules()), tool_codes_enabled(()))
    found = {(Path(f.path).stem, f.code) for f in run.findings}
    assert ("acts", "CL111") in found  # clamped's .item(), reached through self.act
    assert ("layers", "CL143") in found  # self.rnn is an nn.LSTM where the caller leaves rnn_cls out
