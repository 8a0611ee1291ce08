"""Code in a compiled function that never runs is not linted: statements after a return, raise, break or
continue of their block, and nested defs that nothing in their function calls or names.
(Dynamo-proven in tests/adversarial/cases/flow_early_return_nested.py and quiet_dead_branches.py.)"""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text


def _rows(tmp_path, text):
    return sorted((f.start.row, f.code) for f in lint_text(tmp_path, textwrap.dedent(text)))


def test_statements_after_an_exit_of_their_block_are_not_linted(tmp_path):
    text = """\
        import torch

        def fail(msg):
            raise RuntimeError(msg)
            print("never")

        @torch.compile
        def f(x, xs):
            for t in xs:
                if t.dim() > 8:
                    continue
                    print("never")
                break
                print(t.item())
            fail("x") if x.dim() > 8 else None
            return x * 2
            print(x.item())
    """
    assert _rows(tmp_path, text) == []


def test_statements_before_the_exit_and_after_a_branch_that_exits_are_linted(tmp_path):
    text = """\
        import torch

        @torch.compile
        def f(x):
            if x.dim() > 2:
                return x
            print("reached")
            return x.item()
    """
    assert _rows(tmp_path, text) == [(7, "CL131"), (8, "CL111")]


def test_a_nested_def_nothing_names_is_not_linted_one_that_is_named_is(tmp_path):
    text = """\
        import torch

        @torch.compile
        def f(x):
            def unused(t):
                print(t)

            def called(t):
                return t.item()

            def handed(t):
                return t.tolist()

            return called(x), list(map(handed, [x]))
    """
    assert _rows(tmp_path, text) == [(9, "CL111"), (12, "CL112")]


def test_a_method_of_a_class_defined_in_a_compiled_function_keeps_its_old_treatment(tmp_path):
    text = """\
        import torch

        @torch.compile
        def f(x):
            class Local:
                def helper(self, t):
                    return t
            return x
    """
    assert _rows(tmp_path, text) == [(5, "CL151")]
