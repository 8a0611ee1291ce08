"""Objects a setter or a constructor stores on self (regions: ClassInfo.stored_params, FunctionFacts.passed_values):
`self.processor(...)` in forward runs what callers hand to `set_processor(...)` or to `Attention(processor=...)`, a
parameter handed on from the constructor to the setter included. Proven under dynamo by the adversarial cases
kn_strategy_passed_through_constructor.py, kn_quiet_strategy_set_on_another_class.py and the diffusers-style
processor cases (b7_diff_processor_stats, b9_diff_attn_processor_print, b12_diff_processor_*, b13_diff_processor_*)."""

from __future__ import annotations

import textwrap

from compilelint.linter import module_name, parse_and_lint, read_source
from tests.helpers import lint_text

ATTENTION = textwrap.dedent("""\
    import torch
    from torch import nn


    class AttnProcessor:
        def __call__(self, attn, h):
            return attn.proj(h)


    class PrintingProcessor:
        def __call__(self, attn, h):
            out = attn.proj(h)
            print("peak", out.abs().max())
            return out


    class Attention(nn.Module):
        def __init__(self, dim=4, processor=None):
            super().__init__()
            self.proj = nn.Linear(dim, dim)
            self.set_processor(processor if processor is not None else AttnProcessor())

        def set_processor(self, processor):
            self.processor = processor

        def forward(self, h):
            return self.processor(self, h)
    """)


def _rows(findings, code="CL131"):
    return sorted(f.start.row for f in findings if f.code == code)


PRINT_ROW = ATTENTION.splitlines().index('        print("peak", out.abs().max())') + 1


def test_an_object_handed_to_a_setter_runs_where_forward_calls_the_attribute(tmp_path):
    text = ATTENTION + textwrap.dedent("""\


        def build():
            attn = Attention()
            attn.set_processor(PrintingProcessor())
            return attn
        """)
    assert _rows(lint_text(tmp_path, text)) == [PRINT_ROW]


def test_a_constructor_argument_handed_on_to_the_setter_is_followed(tmp_path):
    text = ATTENTION + textwrap.dedent("""\


        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.attn = Attention(4, PrintingProcessor())

            def forward(self, h):
                return self.attn(h)
        """)
    assert _rows(lint_text(tmp_path, text)) == [PRINT_ROW]


def test_a_keyword_argument_and_a_setter_call_through_a_submodule_are_followed(tmp_path):
    keyword = ATTENTION + "\n\nblock = Attention(processor=PrintingProcessor())\n"
    assert _rows(lint_text(tmp_path, keyword)) == []  # module level: no function hands it over
    text = ATTENTION + textwrap.dedent("""\


        class Block(nn.Module):
            def __init__(self):
                super().__init__()
                self.attn = Attention()
                self.attn.set_processor(processor=PrintingProcessor())

            def forward(self, h):
                return self.attn(h)
        """)
    assert _rows(lint_text(tmp_path, text)) == [PRINT_ROW]


def test_only_the_default_runs_when_nothing_hands_the_setter_another_object(tmp_path):
    assert _rows(lint_text(tmp_path, ATTENTION)) == []


def test_a_setter_of_the_same_name_on_another_class_stores_nothing_for_this_one(tmp_path):
    text = ATTENTION + textwrap.dedent("""\


        class Recorder:
            def set_processor(self, processor):
                self.processor = processor


        def build():
            recorder = Recorder()
            recorder.set_processor(PrintingProcessor())
            return Attention()
        """)
    assert _rows(lint_text(tmp_path, text)) == []


def test_the_engine_records_stored_parameters_and_passed_objects(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(ATTENTION + "\n\ndef build():\n    return Attention(4, processor=PrintingProcessor())\n")
    source, _ = read_source(path, str(path))
    name, is_package = module_name(path)
    facts = parse_and_lint(source, name, is_package, ()).facts
    assert facts.classes["Attention"].stored_params == {"processor": [("Attention.set_processor", "processor")]}
    assert facts.functions["Attention.__init__"].passed_values == [
        (("self", "set_processor"), 0, "AttnProcessor()"), (("self", "set_processor"), 0, "param:processor")]
    assert facts.functions["build"].passed_values == [(("name", "Attention"), "processor", "PrintingProcessor()")]
