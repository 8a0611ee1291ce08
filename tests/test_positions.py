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
