"""`compilelint.Example`: what a verify target (or a rule example) returns. Importable without torch."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence


@dataclass
class Example:
    """A callable (function or nn.Module) with its inputs.

    `variants` are further argument tuples: calling with them shows recompiles (guards that fail).
    `rtol`/`atol` override the dtype-based tolerances of the parity check.
    `compiles_itself`: `fn` calls torch.compile on its own (a call-site example); it is called as it is and
    what dynamo compiled is counted, instead of compiling `fn`.
    """

    fn: Callable
    args: Sequence[Any]
    kwargs: Optional[Dict[str, Any]] = None
    variants: List[Sequence[Any]] = field(default_factory=list)
    rtol: Optional[float] = None
    atol: Optional[float] = None
    compiles_itself: bool = False
