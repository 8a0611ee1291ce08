"""The project index: where a name, as one file resolves it, is defined — across files.

Built once from the per-file facts (no parsing, no file reads): a module name -> file map, then lookups
that follow package re-exports (`from .layers import Block` in `pkg/__init__.py`) through each file's
import table.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

from compilelint.facts import ClassInfo, FileFacts

Key = Tuple[str, str]  # (path, local name): a function "f" / "Class.method", or a class "Class"
MAX_REEXPORT_HOPS = 8
PROTOCOL_BASES = frozenset({"typing.Protocol", "typing_extensions.Protocol"})


class ProjectIndex:
    def __init__(self, facts: Iterable[FileFacts]) -> None:
        self.files: Dict[str, FileFacts] = {f.path: f for f in facts}
        self.modules: Dict[str, str] = {}
        for f in self.files.values():
            if f.module:
                self.modules.setdefault(f.module, f.path)
        self._subclasses: Optional[Dict[Key, List[Key]]] = None
        self._all_subclasses: Dict[Key, List[Key]] = {}  # subclasses(): each answer, worked out once
        # the solves ask for the same classes' bases and method resolution orders thousands of times
        self._bases: Dict[Key, List[Key]] = {}
        self._mros: Dict[Key, Tuple[Key, ...]] = {}
        self._linearizations: Dict[Key, Tuple[Key, ...]] = {}
        self._components: Optional[Dict[str, str]] = None
        self._implementations: Dict[Key, List[Key]] = {}

    def lookup(self, path: str, name: str) -> Optional[Key]:
        """Where `name` (as file `path`'s import table resolved it) is defined: (file, local name)."""
        facts = self.files[path]
        if _defines(facts, name):
            return path, name
        return self._qualified(name, 0)

    def _project_module(self, name: str) -> Optional[Tuple[str, List[str]]]:
        """The project file of `name`'s longest module prefix that is one, and the parts of the name after it."""
        parts = name.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            path = self.modules.get(".".join(parts[:cut]))
            if path is not None:
                return path, parts[cut:]
        return None

    def _qualified(self, name: str, hops: int) -> Optional[Key]:
        found = self._project_module(name)
        if found is None:
            return None
        path, rest = found
        facts = self.files[path]
        local = ".".join(rest)
        if _defines(facts, local):
            return path, local
        imported = facts.imports.get(rest[0])
        if imported is not None and hops < MAX_REEXPORT_HOPS:  # a re-export: follow that file's import
            return self._qualified(".".join([imported] + rest[1:]), hops + 1)
        return None

    def binding(self, name: str, hops: int = 0) -> Optional[str]:
        """What a module-level name of a project module (qualified) is bound to, as that module's alias table resolves
        it (an import, or `LongTensorType = torch.Tensor`), through re-exports; None when no project module binds it
        so."""
        found = self._project_module(name)
        if found is None:
            return None
        path, rest = found
        bound = self.files[path].imports.get(rest[0]) if len(rest) == 1 else None
        if bound is None or bound == name or hops >= MAX_REEXPORT_HOPS:
            return None
        return self.binding(bound, hops + 1) or bound

    def connected(self, path: str, other: str) -> bool:
        """Whether two files are linked by imports between project files, in either direction and through any
        chain: an object of a class one file defines can reach the other's code only through files that
        import both (or through the packages both belong to)."""
        if self._components is None:
            self._components = self._import_components()
        return self._components[path] == self._components[other]

    def _import_components(self) -> Dict[str, str]:
        root_of = {path: path for path in self.files}

        def root(path: str) -> str:
            while root_of[path] != path:
                root_of[path] = root_of[root_of[path]]
                path = root_of[path]
            return path

        for path, facts in self.files.items():
            # importing a module runs its packages' __init__ too
            linked = [".".join(facts.module.split(".")[:cut]) for cut in range(1, facts.module.count(".") + 1)]
            for qualified in facts.imports.values():
                parts = qualified.split(".")
                linked += [".".join(parts[:cut]) for cut in range(1, len(parts) + 1)]
            for module in linked:
                other = self.modules.get(module)
                if other is not None:
                    root_of[root(other)] = root(path)
        return {path: root(path) for path in self.files}

    # -- classes -----------------------------------------------------------------------------------
    def class_info(self, key: Key) -> Optional[ClassInfo]:
        return self.files[key[0]].classes.get(key[1])

    def lookup_class(self, path: str, name: str) -> Optional[Key]:
        found = self.lookup(path, name)
        if found is not None and found[1] in self.files[found[0]].classes:
            return found
        return None

    def bases(self, key: Key) -> List[Key]:
        if key not in self._bases:
            info = self.class_info(key)
            self._bases[key] = [] if info is None else \
                [b for b in (self.lookup_class(key[0], base) for base in info.bases) if b and b != key]
        return self._bases[key]

    def mro(self, key: Key) -> Tuple[Key, ...]:
        """The class and its project base classes, depth first, each once."""
        if key not in self._mros:
            found: Dict[Key, None] = {}
            stack = [key]
            while stack:
                current = stack.pop()
                if current not in found:
                    found[current] = None
                    stack.extend(reversed(self.bases(current)))
            self._mros[key] = tuple(found)
        return self._mros[key]

    def linearization(self, key: Key) -> Tuple[Key, ...]:
        """The class's method resolution order over its project base classes, as Python computes it (C3: a class with
        two mixins that share a base visits both before the base); the depth-first `mro` where C3 fails."""
        if key not in self._linearizations:
            self._linearizations[key] = self.mro(key)  # a class that derives from itself is no C3 chain
            bases = self.bases(key)
            pending = [list(self.linearization(base)) for base in bases] + [list(bases)]
            order = [key]
            while True:
                pending = [chain for chain in pending if chain]
                if not pending:
                    break
                head = next((chain[0] for chain in pending
                             if not any(chain[0] in other[1:] for other in pending)), None)
                if head is None:
                    order = list(self.mro(key))
                    break
                order.append(head)
                for chain in pending:
                    if chain[0] == head:
                        chain.pop(0)
            self._linearizations[key] = tuple(order)
        return self._linearizations[key]

    def subclasses(self, key: Key) -> List[Key]:
        """Project classes that derive from `key`, directly or not."""
        if self._subclasses is None:
            direct: Dict[Key, List[Key]] = {}
            for path, facts in self.files.items():
                for name in facts.classes:
                    for base in self.bases((path, name)):
                        direct.setdefault(base, []).append((path, name))
            self._subclasses = direct
        if key not in self._all_subclasses:
            found: Dict[Key, None] = {}  # ordered, and a dict lookup: a base of hundreds of classes is common
            stack = list(self._subclasses.get(key, ()))
            while stack:
                current = stack.pop()
                if current not in found and current != key:
                    found[current] = None
                    stack.extend(self._subclasses.get(current, ()))
            self._all_subclasses[key] = list(found)
        return list(self._all_subclasses[key])

    def method(self, key: Key, name: str) -> Optional[Key]:
        """Where `Class.name` is defined, looking through project base classes."""
        for cls in self.mro(key):
            info = self.class_info(cls)
            if info is not None and name in info.method_aliases:  # `forward = _forward_impl`
                return cls[0], f"{cls[1]}.{info.method_aliases[name]}"
            if info is not None and name in info.methods:
                return cls[0], f"{cls[1]}.{name}"
        return None

    def implementations(self, key: Key) -> List[Key]:
        """The project classes an object typed with `key` may be when `key` is a typing.Protocol: every class of
        the files linked to its own that defines each method the protocol declares, whether or not it derives
        from it (`class AllowedTokens` with the `__call__` of `LogitsConstraint`); [] for any other class."""
        if key not in self._implementations:
            protocols = [cls for cls in self.mro(key) if self._is_protocol(cls)]
            declared = {method for cls in protocols for method in self.class_info(cls).methods}
            self._implementations[key] = [] if key not in protocols or not declared else [
                (path, name) for path, facts in self.files.items() if self.connected(path, key[0])
                for name in facts.classes if not self._is_protocol((path, name))
                and declared <= {method for cls in self.mro((path, name)) for method in self.class_info(cls).methods}]
        return self._implementations[key]

    def _is_protocol(self, key: Key) -> bool:
        info = self.class_info(key)
        return info is not None and any(base in PROTOCOL_BASES for base in info.bases)

    def constructor(self, key: Key) -> Optional[Key]:
        """What `Cls(...)` runs of the project's code: the nearest `__init__`, or the `__post_init__` that the
        `__init__` which `dataclasses` writes for a dataclass calls (sky-vgl's SparseTensor validates its indices
        there, and dynamo traces it)."""
        for cls in self.mro(key):
            info = self.class_info(cls)
            if info is not None and "__init__" in info.methods:
                return cls[0], f"{cls[1]}.__init__"
            if info is not None and info.dataclass_init:
                return self.method(key, "__post_init__")
        return None

    def callable_attribute(self, key: Key, attr: str) -> Optional[Tuple[str, str]]:
        """(file, function name) of `self.attr = partial(f, ...)` / `self.attr = f` set in some __init__."""
        for cls in self.mro(key):
            info = self.class_info(cls)
            if info is not None and attr in info.callables:
                return cls[0], info.callables[attr]
        return None

    def attribute_classes(self, key: Key, attr: str, containers: bool) -> List[Key]:
        """Project classes of a submodule attribute (or of a container's elements), set in some __init__; for one an
        annotated __init__ parameter holds (ClassInfo.declared, .declared_elements), that class and its project
        subclasses."""
        for cls in self.mro(key):
            info = self.class_info(cls)
            names = (info.containers.get(attr) if containers else
                     [info.submodules[attr]] if attr in info.submodules else None) if info else None
            if names:
                return [c for c in (self.lookup_class(cls[0], n) for n in dict.fromkeys(names)) if c]
            held = (info.declared_elements if containers else info.declared) if info else {}
            declared = self.lookup_class(cls[0], held[attr]) if attr in held else None
            if declared:
                return [declared, *self.subclasses(declared)]
        return []


def _defines(facts: FileFacts, local: str) -> bool:
    head = local.partition(".")[0]
    return local in facts.functions or head in facts.classes or head in facts.bindings or head in facts.registries


def import_root(path: Path, module: str, is_package: bool) -> Path:
    """The directory a file's dotted module name is relative to (its sys.path entry)."""
    depth = module.count(".") + (1 if is_package else 0) if module else 0
    directory = path.resolve().parent
    for _ in range(depth):
        directory = directory.parent
    return directory


def imported_project_files(facts: FileFacts, path: Path, is_package: bool, root: Path,
                           memo: Optional[Dict[object, object]] = None, base: Optional[Path] = None) -> List[Path]:
    """Files under `root` that the file's imports name (`pkg.layers.Block` -> pkg/layers.py or
    pkg/layers/__init__.py), and the package __init__ files on the way, which hold re-exports.
    `memo` keeps file checks and resolved imports across the files of one run; `base`: the file's import_root,
    when the caller has it. Paths are strings inside: pathlib costs more here than the rest of a pre-commit
    run's project step."""
    base = str(import_root(path, facts.module, is_package) if base is None else base)
    known: Dict[object, object] = {} if memo is None else memo
    if ("root", root) not in known:
        known[("root", root)] = os.path.join(str(root.resolve()), "")  # with its trailing separator
    inside = str(known[("root", root)])

    def exists(candidate: str) -> bool:
        if candidate not in known:
            known[candidate] = os.path.isfile(candidate)
        return bool(known[candidate])

    def files_of(qualified: str) -> List[str]:
        parts = qualified.split(".")
        top = os.path.join(base, parts[0])
        if not (exists(top + ".py") or exists(os.path.join(top, "__init__.py"))):
            return []  # not a module of this tree (torch, numpy, ...)
        stems = [top]  # stems[i]: base/parts[0]/.../parts[i]
        for part in parts[1:]:
            stems.append(os.path.join(stems[-1], part))
        out = []
        for stem in reversed(stems):  # the longest prefix that is a module
            module_file = next((c for c in (stem + ".py", os.path.join(stem, "__init__.py")) if exists(c)), None)
            if module_file is not None:
                out.append(module_file)
                break
        for stem in stems[:-1]:
            init = os.path.join(stem, "__init__.py")
            if exists(init):
                out.append(init)
        return out

    found: List[str] = []
    # in the order the file spells them: a context capped at MAX_CONTEXT_FILES must read the same files every run
    for qualified in dict.fromkeys(facts.imports.values()):
        key = (base, qualified)
        if key not in known:
            known[key] = files_of(qualified)
        found += known[key]  # type: ignore[operator]
    return [Path(f) for f in dict.fromkeys(found) if f.startswith(inside)]
