"""Recompilation rules: the spellings the catalogue examples do not show, and what must stay quiet."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text

HEADER = "import torch\nfrom torch import nn\n"


def codes(tmp_path, body: str, select=("CL2",)):
    findings = lint_text(tmp_path, HEADER + textwrap.dedent(body))
    return sorted((f.start.row - 2, f.code) for f in findings if f.code.startswith(tuple(select)))


def test_int_attribute_counter_spellings(tmp_path):
    found = codes(tmp_path, """
        class M(nn.Module):
            step = 0
            def __init__(self):
                super().__init__()
                self.seen = 0
                self.register_buffer("calls", torch.zeros(()))
            def forward(self, x):
                self.step = self.step + 1
                self.seen += 1
                self.calls += 1
                return x
        """)
    assert found == [(9, "CL201"), (10, "CL201")]


def test_global_counter_needs_a_global_int(tmp_path):
    found = codes(tmp_path, """
        N = 0
        LAST = None
        @torch.compile
        def f(x):
            global N, LAST
            N = N + 1
            LAST = x.sum()
            return x
        def g(x):
            global N
            N += 1
        """)
    assert found == [(7, "CL202")]


def test_container_growth_through_globals_and_per_call_keys(tmp_path):
    found = codes(tmp_path, """
        LOG = []
        CACHE = {}
        @torch.compile
        def f(x):
            LOG.append(x.sum())
            CACHE.setdefault(id(x), 0)
            CACHE["last"] = x
            local = []
            local.append(x)
            return x
        """)
    assert found == [(6, "CL203"), (7, "CL203"), (7, "CL204")]


def test_container_made_afresh_in_the_call_does_not_grow(tmp_path):
    # RAFT's correlation pyramid: rebound to a new list, then appended to a fixed number of times (one graph for every
    # call under 2.13); appending to the list __init__ made recompiles on every call
    found = codes(tmp_path, """
        class Pyramid(nn.Module):
            def __init__(self):
                super().__init__()
                self.levels = []
                self.seen = []
            def forward(self, x):
                self.levels = [x]
                for _ in range(3):
                    x = x * 2
                    self.levels.append(x)
                self.seen.append(x)
                return x
        """)
    assert found == [(12, "CL203")]


def test_string_argument_only_on_entry_points(tmp_path):
    found = codes(tmp_path, """
        def helper(x, mode: str):
            return x if mode == "a" else -x
        @torch.compile
        def f(x, reduction="mean"):
            out = {"mean": x.mean(), "sum": x.sum()}[reduction]
            return out if reduction != "sum" else out
        """)
    assert found == [(6, "CL205")]
