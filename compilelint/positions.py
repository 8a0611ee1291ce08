"""Positions for the few nodes that are reported, not for every node of the file.

libcst's PositionProvider tracks line and column for every node (about 2x the parse). Here one plain
codegen pass (a fifth of the parse) records token indices for the wanted nodes only, and the indices
become (row, column) in one sweep over the tokens. Start and end are syntactic, as PositionProvider's:
leading blank lines and comments of a statement are skipped.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Dict, Iterable, Iterator, Optional, Tuple

import libcst as cst
from libcst._nodes.internal import CodegenState

Span = Tuple[Tuple[int, int], Tuple[int, int]]  # ((row, col), (row, col)), 1-based row, 0-based col


class _RecordingState(CodegenState):
    def __init__(self, module: cst.Module, wanted: Dict[int, cst.CSTNode]) -> None:
        super().__init__(default_indent=module.default_indent, default_newline=module.default_newline)
        self.wanted = wanted
        self.marks: Dict[int, Tuple[int, int]] = {}  # id(node) -> (first token, end token)
        self.syntactic: Dict[int, Tuple[int, int]] = {}

    def before_codegen(self, node: cst.CSTNode) -> None:
        if id(node) in self.wanted:
            self.marks[id(node)] = (len(self.tokens), -1)

    def after_codegen(self, node: cst.CSTNode) -> None:
        key = id(node)
        if key in self.wanted:
            self.marks[key] = (self.marks[key][0], len(self.tokens))

    @contextmanager
    def record_syntactic_position(
        self,
        node: cst.CSTNode,
        *,
        start_node: Optional[cst.CSTNode] = None,
        end_node: Optional[cst.CSTNode] = None,
    ) -> Iterator[None]:
        key = id(node)
        if key not in self.wanted:
            yield
            return
        # the syntactic span may be hoisted from children: track those too
        for child in (start_node, end_node):
            if child is not None:
                self.wanted[id(child)] = child
        start = len(self.tokens)
        yield
        end = len(self.tokens)
        if start_node is not None and id(start_node) in self.marks:
            start = self.marks[id(start_node)][0]
        if end_node is not None and id(end_node) in self.marks:
            end = self.marks[id(end_node)][1]
        self.syntactic[key] = (start, end)


def compute_spans(module: cst.Module, nodes: Iterable[cst.CSTNode]) -> Dict[int, Span]:
    """id(node) -> span for each node in `nodes`."""
    wanted = {id(n): n for n in nodes}
    if not wanted:
        return {}
    state = _RecordingState(module, dict(wanted))
    module._codegen(state)
    token_marks: Dict[int, Tuple[int, int]] = {}
    for key in wanted:
        if key in state.syntactic:
            token_marks[key] = state.syntactic[key]
        elif key in state.marks:
            token_marks[key] = state.marks[key]
    # one sweep: token index -> (row, col)
    wanted_indices = sorted({i for pair in token_marks.values() for i in pair})
    where: Dict[int, Tuple[int, int]] = {}
    row, col, idx = 1, 0, 0
    tokens = state.tokens
    for target in wanted_indices:
        while idx < target:
            tok = tokens[idx]
            newlines = tok.count("\n")
            if newlines:
                row += newlines
                col = len(tok) - tok.rfind("\n") - 1
            else:
                col += len(tok)
            idx += 1
        where[target] = (row, col)
    spans: Dict[int, Span] = {}
    for key, (start, end) in token_marks.items():
        spans[key] = _trim(tokens, start, end, where[start], where[end])
    return spans


def _is_layout(token: str) -> bool:
    """Whitespace, newlines and comments: owned by a statement node but not part of its span."""
    stripped = token.lstrip()
    return not stripped or stripped.startswith("#")


def _advance(tokens, start: int, end: int, pos: Tuple[int, int]) -> Tuple[int, int]:
    row, col = pos
    for tok in tokens[start:end]:
        if "\n" in tok:
            row += tok.count("\n")
            col = len(tok) - tok.rfind("\n") - 1
        else:
            col += len(tok)
    return row, col


def _trim(tokens, start: int, end: int, start_pos, end_pos) -> Span:
    """Drop the leading blank lines, comments and indentation a statement owns, and the trailing
    newline and comment of a compound statement's last line, as PositionProvider does."""
    last = end
    while last > start and _is_layout(tokens[last - 1]):
        last -= 1
    if last != end:
        end_pos = _advance(tokens, start, last, start_pos)
    first, pos = start, start_pos
    while first < last and _is_layout(tokens[first]):
        pos = _advance(tokens, first, first + 1, pos)
        first += 1
    if first < last:
        tok = tokens[first]
        pos = (pos[0], pos[1] + len(tok) - len(tok.lstrip()))
    return pos, end_pos
