"""CL210: a global of another project module (`flags.MODE`) read in compiled code and changed at run time.

CL208 follows a module's own globals within its file. Here the global lives in another module: compiled
code reads `flags.MODE` (or `FLAGS["fast"]` after `from flags import FLAGS`), and some file of the project
changes it (`flags.MODE = "eval"` in a training loop). Per file, this check records the reads (candidates)
and the writes (facts.global_writes); the project-wide step (conditions.py) pairs them.
"""

from __future__ import annotations

from typing import Optional, Set, Tuple

import libcst as cst

from compilelint.checks.global_changed_at_run_time import HELP, MUTATORS, AssignedTargets


class ImportedGlobalChanged(AssignedTargets):
    code = "CL210"
    in_functions_only = False

    def __init__(self, ctx):
        super().__init__(ctx)
        self.module_loops = 0
        self.targets: Set[int] = set()  # nodes written, not read
        self.read: Set[Tuple[Optional[str], str]] = set()  # (function, qualified global) already reported

    def _imported(self, expr: cst.BaseExpression) -> Optional[str]:
        """The qualified name of `mod.NAME` / an imported `NAME`, when its head is an import of this file
        (not a local of the function, not `self`)."""
        head = expr
        while isinstance(head, cst.Attribute):
            head = head.value
        if not isinstance(head, cst.Name) or head.value not in self.ctx.imports.aliases:
            return None
        frame = self.ctx.frame
        if frame is not None and head.value in frame.env:
            return None
        qualified = self.ctx.resolve(expr)
        return qualified if qualified and "." in qualified else None

    # -- writes: facts for the project-wide step ---------------------------------------------------------
    def visit_For(self, node) -> None:
        if self.ctx.frame is None:
            self.module_loops += 1

    def leave_For(self, node) -> None:
        if self.ctx.frame is None:
            self.module_loops -= 1

    visit_While = visit_For
    leave_While = leave_For

    def _write(self, name: str, key: str) -> None:
        frame = self.ctx.frame
        in_loop = self.ctx.in_loop if frame is not None else self.module_loops > 0
        function = frame.region_key or "" if frame is not None else ""
        self.ctx.facts.global_writes.append((name, key, function, bool(in_loop)))

    def _target(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Attribute):
            name = self._imported(target)
            if name is not None:
                self.targets.add(id(target))
                self._write(name, "=")
        elif isinstance(target, cst.Subscript) and len(target.slice) == 1:
            name = self._imported(target.value)
            if name is not None:
                self.targets.add(id(target.value))
                self._write(name, cst.Module([]).code_for_node(target.slice[0]))

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in MUTATORS:
            name = self._imported(func.value)
            if name is not None:
                self.targets.add(id(func.value))
                self._write(name, "." + func.attr.value)

    # -- reads in functions: candidates, kept when some file changes the global at run time --------------
    def visit_Attribute(self, node: cst.Attribute) -> None:
        self._read(node, "global-changed")

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if isinstance(node.value, cst.Name):  # `FLAGS["fast"]` after `from flags import FLAGS`
            self._read(node.value, "global-mutated", node)

    def _read(self, expr: cst.BaseExpression, condition: str, shown: Optional[cst.CSTNode] = None) -> None:
        frame = self.ctx.frame
        if frame is None or id(expr) in self.targets:
            return
        name = self._imported(expr)
        if name is None or (frame.region_key, name) in self.read:
            return
        self.read.add((frame.region_key, name))
        how = "changed" if condition == "global-changed" else "changed in place"
        self.report(shown or expr, f"`{name}`, a global of another module, is read in compiled code and {how} at "
                                   "run time elsewhere in the project: dynamo guards on the value it read here, so "
                                   "each new value recompiles once (up to `recompile_limit`, 8; a value that never "
                                   "repeats recompiles every call)", help=HELP, requires=(condition, name))
