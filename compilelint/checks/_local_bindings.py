"""Per function, the local names whose last assignment bound them to a value with a property a check tracks (`h =
x.detach()`: a tensor without grad; `t = a * b`: one the function computed)."""

from typing import Callable, Dict, Iterable, List, Set

import libcst as cst

from compilelint.tensors import bound_names


class LocalBindings:
    """`properties` maps each property to the test of an assigned value. A single-name assignment puts the name in
    the set of every property its value has and takes it out of the others; any other assignment (tuple unpacking,
    several targets) takes the names it binds out of every set. The check opens and closes a frame per function."""

    def __init__(self, properties: Dict[str, Callable[[cst.BaseExpression], bool]]) -> None:
        self._properties = properties
        self._frames: List[Dict[str, Set[str]]] = []

    def enter(self) -> None:
        self._frames.append({name: set() for name in self._properties})

    def leave(self) -> None:
        self._frames.pop()

    def holds(self, prop: str, name: str) -> bool:
        return bool(self._frames) and name in self._frames[-1][prop]

    def assign(self, node: cst.Assign) -> List[str]:
        """Record an assignment (in a function; elsewhere nothing); the names it binds."""
        if not self._frames:
            return []
        names = [n for target in node.targets for n in bound_names(target.target)]
        single = len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name)
        # every test reads the sets as they were before this assignment
        held = {prop for prop, test in self._properties.items() if single and test(node.value)}
        for prop, bound in self._frames[-1].items():
            if prop in held:
                bound.add(names[0])
            else:
                bound.difference_update(names)
        return names

    def bind(self, prop: str, names: Iterable[str]) -> None:
        if self._frames:
            self._frames[-1][prop].update(names)

    def unbind(self, names: Iterable[str]) -> None:
        """Names rebound otherwise (an augmented assignment, a loop target): out of every set."""
        for bound in self._frames[-1].values() if self._frames else ():
            bound.difference_update(names)
