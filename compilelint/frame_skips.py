"""Breaks that never happen because an earlier one made dynamo give up on the frame.

A break in a loop, a `try` or a user context manager, or one at no call of the frame's own (`x in t`), skips
the whole frame (linter.AMPLIFIERS): the rest of that function runs eagerly, so a break written after it in
the same function is never reported. Only a skipping break that runs whenever its function gets that far
counts (no `if` body, `except`, ternary or `and`/`or` on the way to it: torchkbnufft's table_interp skips in
one branch and breaks in the other; an `if` test does run), and only a certain break (not Finding.maybe: a loop
over a progress bar that one branch of a ternary bound breaks only where the flag is on; FuncyFlows' latent_pcn).
Only breaks in that function's own code are dropped (a nested def, lambda or comprehension is a frame of its own,
and so is a function it calls). A break dynamo raises inside a torch function that a call of the skipped frame runs is
not dropped either (OWN_FRAME_PATTERNS): run eagerly, the call enters that function as a frame of its own, which
dynamo compiles. Measured on 2.13: `optimizer.step()` after a skip still breaks (GB0025 in torch's `_use_grad`,
reported at the call: easyfsl's fine-tuning loops), and so do torchvision's `nms` / `batched_nms` (GB0036 in
torchvision's Python wrapper: yolort's per-image post-processing), while `x.item()`, `print`, an `nn.CTCLoss` module,
`F.ctc_loss` and the `torch.ops.torchvision.nms` op itself called there break nothing.

A break dynamo raises only when it compiles a graph (DEFERRED: `requires_grad_()` on an intermediate, the leaf
leaked as a graph output) never happens before such a skip either, when no other break comes between: dynamo
gives up on the frame before it compiles anything (FuncyFlows' Hutchinson trace: `x.detach().requires_grad_()`,
then `torch.autograd.grad` in a loop).

A comprehension is a loop in a frame of its own: a certain break in its element skips that frame, so a break of an
expression enclosing it (evaluated after it: `(s == t).nonzero().item()`, the `.item()` of the nonzero's result) is
never reported there, though both are outside a loop (measured on 2.13: GB0036 alone in the comprehension, GB0036
then GB0124 on the same line outside one; diffusers' `[(schedule == t).nonzero().item() for t in timesteps]`).
"""

from __future__ import annotations

import ast
import functools
from typing import Dict, List, Optional, Set

from compilelint.findings import Finding

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp, ast.SetComp,
           ast.DictComp, ast.GeneratorExp)
DEFERRED = frozenset({"GB8985"})
# (code, pattern) of the breaks raised in a torch function's own frame (Finding.own_frame)
OWN_FRAME_PATTERNS = frozenset({("CL159", "optimizer-step"), ("CL121", "torchvision_nms")})


def drop_past_frame_skips(findings: List[Finding], break_codes: Set[str], text: str) -> List[Finding]:
    findings = drop_enclosing_in_comprehensions(findings, break_codes, text)
    skipping = [f for f in findings if f.amplifiers and not f.maybe and f.code in break_codes and f.region is not None]
    if not skipping:
        return findings
    try:
        functions = _functions(_tree(text))
    except (SyntaxError, ValueError):
        return findings
    skips: Dict[str, List[int]] = {}
    for f in skipping:
        function = functions.get(f.region.function)
        if function is not None and _always_runs(function.body, f.start.row, f.start.column - 1):
            skips.setdefault(f.region.function, []).append(f.start.row)
    breaks: Dict[str, List[int]] = {}
    for f in findings:
        if f.code in break_codes and f.region is not None and f.region.function in skips:
            breaks.setdefault(f.region.function, []).append(f.start.row)

    def never_raised(f: Finding) -> bool:
        rows = skips.get(f.region.function) if f.code in break_codes and f.region is not None else None
        if not rows or f.own_frame or not _own_code(functions[f.region.function].body, f.start.row):
            return False
        if f.start.row > min(rows):
            return True
        later = [row for row in rows if row > f.start.row]
        if not later or f.amplifiers or not f.gb_types or not set(f.gb_types) <= DEFERRED:
            return False
        return not any(f.start.row < row < min(later) for row in breaks[f.region.function])

    return [f for f in findings if not never_raised(f)]


def drop_enclosing_in_comprehensions(findings: List[Finding], break_codes: Set[str], text: str) -> List[Finding]:
    """Drop a break whose expression encloses a certain break in the same comprehension element (module docstring)."""
    breaks = [f for f in findings if f.code in break_codes]
    pairs = [(outer, inner) for outer in breaks for inner in breaks if _encloses(outer, inner) and not inner.maybe]
    if not pairs:
        return findings
    try:
        elements = [part for node in ast.walk(_tree(text)) for part in _elements(node)]
    except (SyntaxError, ValueError):
        return findings
    dropped = set()
    for outer, inner in pairs:
        row, column = inner.start.row, inner.start.column - 1
        for element in elements:
            if _within(element, row, column) and _within(element, outer.start.row, outer.start.column - 1) \
                    and not _conditional_at(element, row, column):
                dropped.add(id(outer))
                break
    return [f for f in findings if id(f) not in dropped]


@functools.lru_cache(maxsize=1)
def _tree(text: str) -> ast.Module:
    """The file's ast, parsed once when both passes above need it (neither changes it)."""
    return ast.parse(text)


def _encloses(outer: Finding, inner: Finding) -> bool:
    """`outer`'s span holds `inner`'s and is larger: `inner` is a part of `outer`, evaluated before it."""
    return (outer.start.row, outer.start.column) <= (inner.start.row, inner.start.column) \
        and (inner.end.row, inner.end.column) <= (outer.end.row, outer.end.column) \
        and (outer.start, outer.end) != (inner.start, inner.end)


def _elements(node: ast.AST) -> List[ast.AST]:
    """The per-item expressions of a comprehension (what runs in its loop), or []."""
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
        return [node.elt]
    if isinstance(node, ast.DictComp):
        return [node.key, node.value]
    return []


def _functions(tree: ast.Module) -> Dict[str, ast.AST]:
    """Qualified name ("Class.method", "function") -> its def, for top-level functions and methods."""
    found: Dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = node
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found[f"{node.name}.{item.name}"] = item
    return found


def _statement_at(body: List[ast.stmt], row: int) -> Optional[ast.stmt]:
    for statement in body:
        if statement.lineno <= row <= (statement.end_lineno or statement.lineno):
            return statement
    return None


def _always_runs(body: List[ast.stmt], row: int, column: int) -> bool:
    """Whether the code at (`row`, `column`) runs whenever execution reaches the statement of `body` that holds it:
    only loop bodies, `with` bodies and `try` bodies (or `finally`) lie on the way, and no ternary branch, later
    operand of `and`/`or`, lambda or comprehension within its statement holds it (an `or` among a call's arguments
    runs, and so does the call: FuncyFlows' `autograd.grad(..., retain_graph=i + 1 < n or keep)`)."""
    statement = _statement_at(body, row)
    if statement is None:
        return False
    header = _header(statement)
    if any(_within(part, row, column) for part in header):
        # the test of an `if` or a `while`, the iterable of a `for` and the items of a `with` run whenever the
        # statement is reached (`if pad_id in input_ids[:, -1]:`, `for token in set(ids[i].tolist()):`)
        return not any(_conditional_at(part, row, column) for part in header)
    if isinstance(statement, (ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith)):
        return _always_runs(statement.body, row, column)
    if isinstance(statement, ast.Try):
        return _always_runs(statement.body, row, column) or _always_runs(statement.finalbody, row, column)
    if isinstance(statement, (ast.If, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
            or type(statement).__name__ in ("Match", "TryStar"):
        return False
    return not _conditional_at(statement, row, column)


def _header(statement: ast.stmt) -> List[ast.AST]:
    """The expressions a compound statement evaluates before its body: an `if`'s or a `while`'s test, a `for`'s
    iterable, a `with`'s context managers."""
    if isinstance(statement, (ast.If, ast.While)):
        return [statement.test]
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        return [statement.iter]
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        return [item.context_expr for item in statement.items]
    return []


def _within(node: ast.AST, row: int, column: int) -> bool:
    return (node.lineno, node.col_offset) <= (row, column) \
        < (node.end_lineno or node.lineno, node.end_col_offset if node.end_col_offset is not None else 1 << 30)


def _conditional_at(tree: ast.AST, row: int, column: int) -> bool:
    """Whether a part of `tree` that may not run holds (`row`, `column`): a branch of a ternary, an operand of
    `and`/`or` after the first, a lambda or a comprehension."""
    for node in ast.walk(tree):
        if isinstance(node, ast.IfExp):
            parts = [node.body, node.orelse]
        elif isinstance(node, ast.BoolOp):
            parts = node.values[1:]
        elif isinstance(node, _SCOPES):
            parts = [node]
        else:
            continue
        if any(_within(part, row, column) for part in parts):
            return True
    return False


def _own_code(body: List[ast.stmt], row: int) -> bool:
    """Whether `row` is code of the function itself, not of a def, lambda or comprehension within it."""
    statement = _statement_at(body, row)
    if statement is None:
        return False
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return False
    return not any(isinstance(node, _SCOPES) and node.lineno <= row <= (node.end_lineno or node.lineno)
                   for node in ast.walk(statement))
