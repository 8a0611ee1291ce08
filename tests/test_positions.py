"""Positions computed for reported nodes only must equal libcst's PositionProvider."""

import random
from pathlib import Path

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from compilelint.positions import compute_spans

SOURCE = '''\
import torch


class Block(torch.nn.Module):  # a comment
    """Doc."""

    def forward(self, x, y=None):
        # leading comment
        if x.sum() > 0:
            x = x * 2  # trailing

        for i in range(3):
            x = (
                x + i
            )
        return [t for t in (x, y) if t is not None]
'''


def test_spans_match_position_provider_on_every_node():
    files = [SOURCE] + [p.read_text(encoding="utf-8") for p in sorted(Path("fixtures/models").glob("*.py"))]
    for text in files:
        module = cst.parse_module(text)
        expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
        # what rules report: expressions and statements (not punctuation, which owns its whitespace)
        nodes = [n for n in expected
                 if isinstance(n, (cst.BaseExpression, cst.BaseSmallStatement, cst.BaseStatement, cst.Arg))]
        random.Random(0).shuffle(nodes)
        spans = compute_spans(module, nodes[:2000])
        for node in nodes[:2000]:
            p = expected[node]
            assert spans[id(node)] == ((p.start.line, p.start.column), (p.end.line, p.end.column)), \
                (type(node).__name__, cst.Module([]).code_for_node(node)[:60])


TRICKY = '''\
import torch


def helper(x):
    """Example:

    def forward(self, x):
        return x
    """
    return x.item()


class Net(torch.nn.Module):
    @torch.compile
    @staticmethod
    def forward(x):
        def inner(y):
            return y.item()
        return inner(x)

    async  def later(self, x):
    \treturn x.item()
'''


def _function_spans(text):
    """Spans of every expression and statement inside a function, placed by `locate` per function,
    and by one codegen pass over the whole file."""
    from compilelint.positions import def_rows, locate

    module = cst.parse_module(text)
    definitions, wanted, nodes = [], {}, []
    stack = [(module, (), None)]
    while stack:  # every node with the innermost function around it and the indentation before its def
        node, indents, function = stack.pop()
        if isinstance(node, cst.FunctionDef):
            definitions.append((node, indents))
            function = len(definitions) - 1
        if function is not None and isinstance(node, (cst.BaseExpression, cst.BaseStatement)):
            wanted.setdefault(function, []).append(node)
            nodes.append(node)
        children = list(node.children)
        if isinstance(node, cst.IndentedBlock):
            indents = indents + (module.default_indent if node.indent is None else node.indent,)
        stack += [(c, indents, function) for c in reversed(children)]
    rows = def_rows(text, [d.name.value for d, _ in definitions])
    return locate(module, text, wanted, definitions, rows), compute_spans(module, nodes), rows


def test_spans_per_function_equal_whole_file_spans():
    for text in [TRICKY, TRICKY.replace("\n", "\r\n"), TRICKY.rstrip("\n"), "\f\n" + TRICKY, SOURCE]:
        by_function, whole, rows = _function_spans(text)
        assert rows is not None and by_function == whole


def test_def_rows_come_from_the_text_or_from_cpython_or_not_at_all():
    from compilelint.positions import def_rows

    assert def_rows("def f():\n    pass\n\nasync def g():\n    pass\n", ["f", "g"]) == [1, 4]
    # a docstring that holds a def line: CPython's parser says which lines are definitions
    assert def_rows('def f():\n    """\n    def g():\n    """\n', ["f"]) == [1]
    # the names do not match the text (the tree came from other source): no rows, a whole-file codegen
    assert def_rows("def f():\n    pass\n", ["g"]) is None
