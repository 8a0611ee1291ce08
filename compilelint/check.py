"""The Check base class: one small class per rule, dispatched by the engine's single traversal.

A check defines `visit_<Node>` / `leave_<Node>` methods (libcst node class names) and calls
`self.report(...)`. Context that many rules need (imports, tensor kinds, loop/with/try nesting, the
enclosing function) lives on `self.ctx`, computed once by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Optional, Sequence, Tuple

import libcst as cst

from compilelint.findings import Applicability

if TYPE_CHECKING:
    from compilelint.engine import FileContext


@dataclass(frozen=True)
class FixSpec:
    """A fix as a check states it: nodes to replace with code; the engine turns nodes into positions.

    Code is written with `\n` line ends and, after the first line, the indentation of the replaced
    node's line (`ctx.indentation`); the engine converts line ends to the file's. Code replacing a
    whole statement ends with `\n`. `imports` names
    modules the code needs (`ctx.module_alias` says which are missing): the engine adds an
    `import` edit, identical in every fix, so the fixer applies it once.
    """

    applicability: Applicability
    message: str
    replacements: Tuple[Tuple[cst.CSTNode, str], ...] = ()
    imports: Tuple[str, ...] = ()


class Check:
    code: ClassVar[str] = ""
    # Checks that only matter inside function bodies are not dispatched for module-level code.
    in_functions_only: ClassVar[bool] = True
    # Findings about call sites, configuration or the training loop: kept whether or not the code is compiled.
    anywhere: ClassVar[bool] = False

    def __init__(self, ctx: "FileContext") -> None:
        self.ctx = ctx

    def report(
        self,
        node: cst.CSTNode,
        message: str,
        *,
        pattern: str = "default",
        help: str = "",
        fix: Optional[FixSpec] = None,
        extra_gb: Sequence[str] = (),
        requires_disabled: Optional[Tuple[str, str]] = None,
        requires: Optional[Tuple[str, ...]] = None,
        requires_tensor: Optional[tuple] = None,
        skips_frame: bool = False,
        unless: Sequence = (),
        maybe: bool = False,
    ) -> None:
        """`requires_disabled`: a call record (facts.CALL_KINDS); the finding holds only if the project-wide
        step resolves it to a `torch.compiler.disable`d function. `requires`: a project-wide condition
        (conditions.py) the finding holds under. `requires_tensor`: a tensors.Formula (`ctx.tensor_formula`)
        over facts about other functions that must hold, decided by summaries.py. `skips_frame`: the break is
        not at a call, so dynamo cannot resume after it and runs the whole frame eagerly (linter.AMPLIFIERS).
        `unless`: hole atoms (engine.Claims) besides those of the branches around the node: the finding is withdrawn
        when one holds (the branch that bound a value it rests on is never traced). `maybe`: the break happens only
        on some of the paths to the node, which no fact the project-wide step has tells apart (a progress bar bound
        in one branch of a ternary): it never ends the frame for the breaks after it (frame_skips.py)."""
        self.ctx.report(self.code, node, message, pattern=pattern, help=help, fix=fix, extra_gb=extra_gb,
                        anywhere=self.anywhere, requires_disabled=requires_disabled, requires=requires,
                        requires_tensor=requires_tensor, skips_frame=skips_frame, unless=unless,
                        maybe=maybe)
