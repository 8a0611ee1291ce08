"""Suppressions: on the line, above a multi-line statement, file-wide, noqa; unused and blanket ones."""

from __future__ import annotations

import textwrap

from tests.helpers import lint_text

HEAD = "import torch\nclass M(torch.nn.Module):\n    def forward(self, x):\n"


def body(text: str) -> str:
    return HEAD + textwrap.indent(textwrap.dedent(text), " " * 8) + "        return x\n"


def codes_rows(findings):
    return [(f.code, f.start.row) for f in findings]


def test_inline_ignore_and_noqa(tmp_path):
    found = lint_text(tmp_path, body("""\
        if x.sum() > 0:  # compilelint: ignore[CL101]
            x = x * 2
        y = x.max().item()  # noqa: CL111
        print(y)  # noqa: E501
        """))
    assert codes_rows(found) == [("CL131", 7)]


def test_comment_above_covers_a_multi_line_statement(tmp_path):
    found = lint_text(tmp_path, body("""\
        # compilelint: ignore[CL111]
        y = torch.stack([
            x.max(),
            x.min().item() * torch.ones(1),
        ])
        z = torch.stack([
            x.min().item() * torch.ones(1),  # the finding is here, the statement starts above
        ])  # compilelint: ignore[CL101]
        """))
    assert codes_rows(found) == [("CL111", 10), ("CL910", 11)]


def test_ignore_file(tmp_path):
    found = lint_text(tmp_path, "# compilelint: ignore-file[CL131]\n" + body("print(x)\nprint(x.shape)\n"))
    assert found == []


def test_unused_suppression_is_reported_with_a_safe_fix(tmp_path):
    found = lint_text(tmp_path, body("""\
        x = x * 2  # compilelint: ignore[CL101]
        if x.sum() > 0:  # compilelint: ignore[CL101, CL111]
            pass
        """))
    assert codes_rows(found) == [("CL910", 4), ("CL910", 5)]
    whole, partial = found
    assert "CL101" in whole.message and whole.fix.applicability.value == "safe"
    assert whole.fix.edits[0].content == "" and whole.fix.edits[0].start.column == len("        x = x * 2") + 1
    assert partial.message.startswith("unused suppression of CL111")
    assert partial.fix.edits[0].content == "# compilelint: ignore[CL101]"


def test_blanket_suppression_suppresses_nothing(tmp_path):
    found = lint_text(tmp_path, body("""\
        if x.sum() > 0:  # compilelint: ignore
            pass
        """))
    assert codes_rows(found) == [("CL101", 4), ("CL911", 4)]


def test_suppression_text_inside_a_string_is_not_a_comment(tmp_path):
    found = lint_text(tmp_path, body('''\
        doc = """
        # compilelint: ignore[CL101]
        """
        if x.sum() > 0:
            pass
        '''))
    assert codes_rows(found) == [("CL101", 7)]
