"""Positions for the few nodes that are reported, not for every node of the file.

libcst's PositionProvider tracks line and column for every node (about 2x the parse). Here a plain
codegen pass records token indices for the wanted nodes only, and the indices become (row, column) in
one sweep over the tokens. Start and end are syntactic, as PositionProvider's: leading blank lines and
comments of a statement are skipped.

Codegen of a whole file still costs half a parse, so `locate` generates only the function around the
wanted nodes: the row of every `def` comes from the source text (`def_rows`), and the generated text
must equal the source at that row, or the nodes are placed by a codegen of the whole file instead.
"""

from __future__ import annotations

import ast
import re
import warnings
from contextlib import contextmanager
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

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
    return _spans(module, module, (), nodes)[0]


def _spans(module: cst.Module, root: cst.CSTNode, indents: Sequence[str],
           nodes: Iterable[cst.CSTNode]) -> Tuple[Dict[int, Span], List[str]]:
    """Spans of the wanted nodes found under `root`, counted from the start of root's code (row 1, column
    0), and root's code as tokens. `indents`: the indentation of the blocks around root."""
    wanted = {id(n): n for n in nodes}
    if not wanted:
        return {}, []
    state = _RecordingState(module, dict(wanted))
    state.indent_tokens = list(indents)
    root._codegen(state)
    token_marks: Dict[int, Tuple[int, int]] = {}
    # a file without a final newline: the module drops the last newline token after it was counted
    last = len(state.tokens)
    for key in wanted:
        marks = state.syntactic.get(key) or state.marks.get(key)
        if marks is not None:
            token_marks[key] = (min(marks[0], last), min(marks[1], last))
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
    return spans, tokens


# a `def` that starts a line, and its name: every real definition matches (a def cannot follow other code
# on its line); a docstring or a string may hold more, which the name-by-name comparison catches
_DEF_LINE = re.compile(r"^[ \t\f]*(?:async[ \t\f]+)?def[ \t\f]+(\w+)", re.MULTILINE)
_SPLIT_ASYNC = re.compile(r"^[ \t\f]*async[ \t\f]*\\", re.MULTILINE)


def def_rows(text: str, names: Sequence[str]) -> Optional[List[int]]:
    """The row of each function definition (the `def`, or `async` before it, as libcst places a
    FunctionDef), given the names of all the file's FunctionDefs in source order; None when neither the
    text nor CPython's parser gives rows that agree with those names."""
    matches = list(_DEF_LINE.finditer(text))
    if len(matches) == len(names) and all(m.group(1) == n for m, n in zip(matches, names)) \
            and not _SPLIT_ASYNC.search(text):
        rows, row, position = [], 1, 0
        for match in matches:
            row += text.count("\n", position, match.start())
            position = match.start()
            rows.append(row)
        return rows
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escapes and the like: the lint reports what matters
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    defs = sorted(((n.lineno, n.col_offset), n.name) for n in ast.walk(tree)
                  if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
    if [name for _, name in defs] != list(names):
        return None
    return [row for (row, _), _ in defs]


def locate(module: cst.Module, text: Optional[str], wanted: Dict[Optional[int], List[cst.CSTNode]],
           functions: Sequence[Tuple[cst.FunctionDef, Tuple[str, ...]]],
           rows: Optional[Sequence[int]]) -> Dict[int, Span]:
    """id(node) -> span for the wanted nodes, grouped by the function they are expected in (an index in
    `functions`: each FunctionDef of the file with the indentation around it; None: anywhere).

    A group is placed by generating only its function, shifted to the row of its `def`; nodes that are
    not in that function, and groups whose code does not match the source there, go to one codegen pass
    over the whole file (the result is the same, only slower)."""
    spans: Dict[int, Span] = {}
    leftover: List[cst.CSTNode] = list(wanted.get(None, ()))
    line_starts: Optional[List[int]] = None
    for group, nodes in wanted.items():
        if group is None:
            continue
        if text is None or rows is None:
            leftover += nodes
            continue
        function, indents = functions[group]
        local, tokens = _spans(module, function, indents, [function, *nodes])
        if line_starts is None:
            line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        shift = rows[group] - local[id(function)][0][0]
        if not (0 <= shift < len(line_starts) and text.startswith("".join(tokens), line_starts[shift])):
            leftover += nodes
            continue
        for node in nodes:
            span = local.get(id(node))
            if span is None:
                leftover.append(node)
            else:
                (row, col), (end_row, end_col) = span
                spans[id(node)] = ((row + shift, col), (end_row + shift, end_col))
    if leftover:
        spans.update(compute_spans(module, leftover))
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
