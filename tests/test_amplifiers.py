"""Amplifiers: a break inside a loop, a user context manager, a try body or an except handler, or one at no call
(`x in t`), makes dynamo give up on the whole frame. The finding says so, carries `amplifiers` (JSON, SARIF rank) and the extra id;
look-alikes (`for ... else`, `finally`, `torch.no_grad()`, `contextlib.nullcontext()`) stay ordinary."""

from __future__ import annotations

import json
import textwrap

import pytest

from tests.helpers import REPO, cli, expected_lines, lint_paths, lint_text

CASES = REPO / "tests" / "dynamo_cases"
AMPLIFIED = {
    "amplified_loop.py": ("loop", "GB7000"),
    "amplified_context.py": ("user-context-manager", "GB0066"),
    "amplified_try.py": ("try", None),  # dynamo logs the root cause's id with a frame skip, nothing more
    "amplified_except.py": ("try", None),
    "amplified_contains.py": ("not-a-call", None),  # Tensor.__contains__'s `.item()`, a frame skip
}
NOT_AMPLIFIED = CASES / "not_amplified.py"


@pytest.mark.parametrize("name", sorted(AMPLIFIED))
def test_the_finding_is_marked_amplified(name):
    amplifier, gb_id = AMPLIFIED[name]
    path = CASES / name
    findings = [f for f in lint_paths([path]) if not f.code.startswith("CL2")]
    assert [(f.start.row, f.code) for f in findings] == expected_lines(path)
    (finding,) = findings
    assert finding.amplifiers == (amplifier,)
    assert "gives up on the whole frame" in finding.message
    if gb_id:
        assert gb_id in finding.gb_types


@pytest.mark.parametrize("name", sorted(AMPLIFIED))
def test_dynamo_gives_up_on_the_whole_frame(name, examples_under_dynamo):
    _, gb_id = AMPLIFIED[name]
    path = CASES / name
    result = examples_under_dynamo[path.resolve()]
    assert result["ok"], result.get("traceback")
    assert result["graphs"] == 0
    (row, _), = expected_lines(path)
    breaks = [b for b in result["breaks"] if b["row"] == row]
    assert breaks and all(b["frame_skipped"] for b in breaks)
    if gb_id:
        assert any(gb_id in b["gb_ids"] for b in breaks)


def test_look_alike_places_are_ordinary_breaks():
    findings = lint_paths([NOT_AMPLIFIED])
    assert [(f.start.row, f.code) for f in findings] == expected_lines(NOT_AMPLIFIED)
    assert all(f.amplifiers == () and "whole frame" not in f.message for f in findings)


def test_dynamo_compiles_the_look_alike_places_around_ordinary_breaks(examples_under_dynamo):
    result = examples_under_dynamo[NOT_AMPLIFIED.resolve()]
    assert result["ok"], result.get("traceback")
    rows = {row for row, _ in expected_lines(NOT_AMPLIFIED)}
    assert {b["row"] for b in result["breaks"]} == rows
    assert not any(b["frame_skipped"] for b in result["breaks"])
    assert result["graphs"] == len(rows) + 1


def test_an_else_block_covered_by_finally_is_amplified(tmp_path):
    text = textwrap.dedent("""
    import torch
    from torch import nn

    class M(nn.Module):
        def forward(self, x):
            try:
                h = x + 1
            except ValueError:
                h = x
            else:
                torch._dynamo.graph_break()
            finally:
                h = h * 2
            return h
    """)
    (finding,) = lint_text(tmp_path, text)
    assert finding.amplifiers == ("try",)


def test_json_and_sarif_rank_amplified_findings(tmp_path):
    path = CASES / "amplified_loop.py"
    data = json.loads(cli("--output-format", "json", "--exit-zero", "--select", "CL131", str(path)).output)
    assert [d["amplifiers"] for d in data] == [["loop"]]
    ordinary = json.loads(cli("--output-format", "json", "--exit-zero", str(NOT_AMPLIFIED)).output)
    assert ordinary and all(d["amplifiers"] == [] for d in ordinary)
    sarif = json.loads(cli("--output-format", "sarif", "--exit-zero", "--select", "CL131", str(path)).output)
    (result,) = sarif["runs"][0]["results"]
    assert result["rank"] == 100.0 and result["properties"]["amplifiers"] == ["loop"]


AFTER_SKIP = CASES / "breaks_after_frame_skip.py"


def test_breaks_written_after_a_frame_skip_in_the_same_function_are_not_flagged():
    # without the drop, frontier_nodes's `.unique()` (line 18) and announced's `.item()` (line 33) were flagged
    findings = [f for f in lint_paths([AFTER_SKIP]) if not f.code.startswith("CL2")]
    assert [(f.start.row, f.code) for f in findings] == expected_lines(AFTER_SKIP)


def test_dynamo_breaks_only_up_to_the_frame_skip_and_in_the_functions_called_after_it(examples_under_dynamo):
    result = examples_under_dynamo[AFTER_SKIP.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted({b["row"] for b in result["breaks"]}) == [row for row, _ in expected_lines(AFTER_SKIP)]


def test_a_skip_in_one_branch_keeps_the_breaks_of_the_other(tmp_path):
    # torchkbnufft's table_interp (held-out group 6): the loop that skips the frame is in one branch of an `if`,
    # and dynamo reports the break of the later loop in the other branch (interp.py:385, found before and after)
    text = textwrap.dedent("""\
        import torch
        from torch import nn


        class Net(nn.Module):
            def forward(self, x, factors, batched: bool):
                if batched:
                    for factor in factors:
                        print(factor)
                else:
                    for factor in factors:
                        x = x / int(factor)
                return x
        """)
    rows = [(f.start.row, f.code) for f in lint_text(tmp_path, text) if not f.code.startswith("CL2")]
    assert rows == [(9, "CL131"), (12, "CL111")]



def test_a_leaf_switched_on_before_a_frame_skip_is_not_flagged(tmp_path):
    # FuncyFlows' Hutchinson trace (held-out group 63): `requires_grad_()` on a detached state is GB8985, raised only
    # when dynamo compiles a graph that outputs the leaf; `autograd.grad` in the loop after it makes dynamo give up on
    # the frame first (tests/adversarial/cases/h63_deferred_leaf_before_loop_skip.py runs it). A `.data` leaf, an
    # input of the graph, breaks where traced (GB0125), and a break between the two compiles a graph that outputs it
    text = textwrap.dedent("""\
        import torch
        from torch import nn


        class Trace(nn.Module):
            def forward(self, x):
                state = x.detach().requires_grad_(True)
                velocity = state.sin()
                for _ in range(2):
                    slope, = torch.autograd.grad(velocity, state, torch.ones_like(x), create_graph=True)
                return slope


        class DataLeaf(nn.Module):
            def forward(self, x):
                held = x.data
                held.requires_grad_(True)
                for _ in range(2):
                    slope, = torch.autograd.grad(held.sin(), held, torch.ones_like(x))
                return slope


        class Scaled(nn.Module):
            def forward(self, x):
                state = torch.zeros(3).requires_grad_(True)
                scale = x.max().item()
                for _ in range(2):
                    slope, = torch.autograd.grad(state * scale, state, torch.ones(3))
                return slope
        """)
    rows = [(f.start.row, f.code) for f in lint_text(tmp_path, text) if not f.code.startswith("CL2")]
    assert rows == [(10, "CL147"), (17, "CL146"), (19, "CL147"), (25, "CL146"), (26, "CL111"), (28, "CL147")]


def test_an_or_among_the_arguments_keeps_the_call_a_frame_skip(tmp_path):
    # FuncyFlows' `autograd.grad(..., retain_graph=index + 1 < n or needs_graph)` in a loop: the `or` is evaluated
    # before the call, which runs whenever the loop body does, so the `.item()` after it is never reached by dynamo;
    # a call inside a ternary's branch may not run, and a break after it still counts
    text = textwrap.dedent("""\
        import torch
        from torch import nn


        class Probe(nn.Module):
            def forward(self, x, keep: bool):
                for index in range(2):
                    print(x, end="" if keep or index else "\\\\n")
                return x.sum().item()


        class Branch(nn.Module):
            def forward(self, x, keep: bool):
                for index in range(2):
                    label = print(x) if keep else None
                return x.sum().item()
        """)
    rows = [(f.start.row, f.code) for f in lint_text(tmp_path, text) if not f.code.startswith("CL2")]
    assert rows == [(8, "CL131"), (15, "CL131"), (16, "CL111")]


AFTER_HEADER_SKIP = CASES / "breaks_after_loop_header_skip.py"


def test_breaks_after_a_skip_in_a_nested_loop_header_are_not_flagged():
    # the iterable of an inner `for` and the test of an inner `while` run whenever the outer loop's body does;
    # without that, the ternary on a tensor (line 11) and the print (line 20) were flagged
    findings = [f for f in lint_paths([AFTER_HEADER_SKIP]) if not f.code.startswith("CL2")]
    assert [(f.start.row, f.code) for f in findings] == expected_lines(AFTER_HEADER_SKIP)


def test_dynamo_breaks_only_at_the_nested_loop_headers(examples_under_dynamo):
    result = examples_under_dynamo[AFTER_HEADER_SKIP.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted({b["row"] for b in result["breaks"]}) == [row for row, _ in expected_lines(AFTER_HEADER_SKIP)]


def test_a_loop_over_a_name_a_flag_may_bind_to_a_progress_bar_keeps_the_breaks_after_it(tmp_path):
    # `steps = trange(n) if progress else range(n)`: the header breaks only with the flag on; with it off dynamo
    # traces on and breaks at the `.item()` (FuncyFlows' latent_pcn, held-out group 63, GB0124 recorded there)
    text = textwrap.dedent("""\
        import torch
        from torch import nn
        from tqdm.auto import trange


        class Sampler(nn.Module):
            def forward(self, x, progress: bool = False):
                for chain in range(2):
                    steps = trange(3) if progress else range(3)
                    for step in steps:
                        x = x * 0.5
                        rate = x.mean().item()
                return x
        """)
    findings = [f for f in lint_text(tmp_path, text) if not f.code.startswith("CL2")]
    assert (12, "CL111") in [(f.start.row, f.code) for f in findings]
    assert [(f.start.row, f.maybe) for f in findings if f.code == "CL159"] == [(9, False), (10, True)]


BOUND_HEADER_SKIP = CASES / "breaks_after_bound_library_loop_header.py"


def test_a_loop_over_a_name_bound_on_every_path_to_a_skipped_object_ends_the_frame():
    # a certain header break (not Finding.maybe) skips the frame, whether the iterable is a call or a bare name: main's
    # rule that a bare name never does flagged the `.item()` after it (line 19), which dynamo never reports
    findings = [f for f in lint_paths([BOUND_HEADER_SKIP]) if not f.code.startswith("CL2")]
    assert [(f.start.row, f.code) for f in findings] == expected_lines(BOUND_HEADER_SKIP)
    assert not any(f.maybe for f in findings)


def test_dynamo_breaks_only_at_the_call_and_the_bound_loop_header(examples_under_dynamo):
    result = examples_under_dynamo[BOUND_HEADER_SKIP.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted({b["row"] for b in result["breaks"]}) == [row for row, _ in expected_lines(BOUND_HEADER_SKIP)]


STEP_AFTER_SKIP = CASES / "optimizer_step_after_frame_skip.py"


def test_an_optimizer_step_after_a_frame_skip_is_still_flagged():
    # easyfsl's fine-tuning loop (held-out group 85): the step runs torch's `_use_grad`, a frame of its own that dynamo
    # compiles where the calling frame runs eagerly; the `.item()` after the loop is the skipped frame's own code
    findings = [f for f in lint_paths([STEP_AFTER_SKIP]) if not f.code.startswith("CL2")]
    assert [(f.start.row, f.code) for f in findings] == expected_lines(STEP_AFTER_SKIP)
    assert [f.own_frame for f in findings] == [False, True]


def test_dynamo_breaks_in_the_optimizer_step_after_the_frame_skip(examples_under_dynamo):
    result = examples_under_dynamo[STEP_AFTER_SKIP.resolve()]
    assert result["ok"], result.get("traceback")
    assert sorted({b["row"] for b in result["breaks"]}) == [row for row, _ in expected_lines(STEP_AFTER_SKIP)]
