"""Project-wide conditions of candidate findings (`Candidate.requires`): what one file cannot decide.

A check reports the candidate where it belongs (a compile site, a read of a global) and names a condition
that only the facts of every file can settle:
  ("clean-reach", target)   CL305: what the compile site's target reaches holds no graph break we know of
  ("repeated-block", target, spelled) CL306: what the target compiles runs a container of identical blocks
  ("global-changed", name)  CL210: the module global `pkg.mod.NAME` is changed at run time in some file
  ("global-mutated", name)  CL210: the same, but only in-place changes count (the reader imported the object)
  ("made-object-breaks", made, method) CL158: `made()` builds project objects whose `method` reaches a break
  ("constructor-breaks", cls)  CL145: `cls` is an nn.Module whose constructor (or a base's) holds a break
  ("module-class", cls)     CL161: `cls`, a class of the file, is an nn.Module (through project base classes too)
  ("grad-mode-generator", kind, name) CL162: the call (a facts call record) reaches only generator functions wrapped
                            by a grad-mode decorator
  ("container-element-breaks", called, ...) CL165: the comprehension calls modules of an nn.Module container
                            attribute ("xs": an element, "xs.m": its method m), and one of those calls reaches a break,
                            or dynamo gives up on the frame first (a break in a loop before it)
  ("forward-breaks-in-torch", kind, name) CL121: the call (a facts call record) runs a project module whose forward
                            calls a torch module that breaks inside torch (the CTC loss), or another such project module
  ("container-frame-given-up", attribute, ...) CL165: a comprehension over the modules of nn.Module container
                            attributes, whose own code names a torch module or `self`, in a frame dynamo gives up on
  ("iterator-frame-given-up", described) CL165: a comprehension over a list or a dict, whose own code names a torch
                            module or `self`, in a frame dynamo gives up on
  ("callee-breaks", kind, name) CL169: the call (a facts call record) reaches a graph break we found
  ("function-breaks", f)    CL169: function f of the file, or what it calls, holds a graph break we found
  ("context-class", cls)    CL170: `cls`, as the file resolves it, is a project class that defines `__enter__` (or a
                            project base class of it does)
  ("checkpointed", f)       CL171: function f of the file, a method of an nn.Module, is reached from a function compiled
                            code hands to `torch.utils.checkpoint.checkpoint`
  ("generator-alive-at-break", f) CL177: some compiled function keeps a generator of f, a generator function of the
                            file, alive across a graph break it resumes after (FunctionFacts.alive_generators)
  ("grad-setter", kind, name, iterated) CL164: the call reaches only functions wrapped by
                            `@torch.set_grad_enabled(...)`: generators where the candidate iterates the call, plain
                            functions where it calls it
  ("numba-kernel", kind, name) CL153: the call reaches only project functions a numba decorator compiles (njit, jit,
                            vectorize, guvectorize)
  ("global-bound-first", f, *binders) CL180: function f of the file is compiled, and none of the binders it calls
                            before the read (functions of the file) holds a graph break we found, nor does the
                            reading function before the read's line
  ("context-decorated", kind, name) CL178: the call reaches only functions decorated by an instance of a project
                            `contextlib.ContextDecorator` subclass (`@timed_section("attn")`)
`ProjectConditions.message` returns the candidate's message when its condition holds (maybe more precise),
None when it does not. Nothing here parses: it reads the plain facts and the other candidates.
"""

from __future__ import annotations

import sys
from typing import Callable, Dict, Iterable, List, Optional, Set, Tuple

from compilelint.facts import BREAKS_INSIDE_TORCH_MODULES, NUMBA_CALLED_BREAKS, FunctionFacts
from compilelint.index import CONTAINER_CLASSES, GRAD_MODE_DECORATORS, GRAD_SETTERS
from compilelint.project import Key
from compilelint.regions import DISABLED_BINDING, ProjectRegions
from compilelint.results import Candidate, FileResult

# libraries dynamo traces like torch itself; any other imported library may hide a break we cannot see
TRACED_LIBRARIES = frozenset({"torch", "numpy", "math", "operator", "functools", "itertools", "typing",
                              "collections", "dataclasses", "enum", "abc", "builtins"})
STDLIB = frozenset(getattr(sys, "stdlib_module_names", ()))
# breaks after which dynamo runs the rest of the frame eagerly though it reports no frame skip: an RNN module (CL143,
# GB0014; a later comprehension in the frame is compiled as a frame of its own, an earlier one is not: measured on 2.13)
REST_GIVEN_UP_CODES = frozenset({"CL143"})


def _grad_setter(key: Key, fn: FunctionFacts) -> bool:
    """CL164: `fn` is wrapped by `@torch.set_grad_enabled(...)`."""
    return bool(GRAD_SETTERS & set(fn.decorators))


def _numba_kernel(key: Key, fn: FunctionFacts) -> bool:
    """CL153: a numba decorator compiles `fn`, and calling its dispatcher breaks."""
    return not NUMBA_CALLED_BREAKS.isdisjoint(fn.decorators)


class ProjectConditions:
    def __init__(self, results: Iterable[FileResult], regions: ProjectRegions, break_codes: Set[str],
                 enabled: Set[str], is_break: Callable[[str, Candidate], bool]) -> None:
        self.regions = regions
        self.results = [r for r in results if r.error is None]
        self.linted = {r.path for r in self.results}
        # a clean reach means something only when every break rule looked at it
        self.every_break_rule = break_codes <= enabled
        self.break_codes = break_codes
        self._is_break = is_break
        self._broken: Optional[Set[Key]] = None
        # (path, function) -> (row, what dynamo gives up on) of each break finding (CL165, _frame_given_up; _breaks_in)
        self._frame_breaks: Optional[Dict[Tuple[str, str], List[Tuple[int, str]]]] = None
        # (path, function) -> its CL165 candidates that call a container's modules (_frame_given_up)
        self._comprehensions: Optional[Dict[Tuple[str, Optional[str]], List[Candidate]]] = None
        self._writes: Optional[Dict[str, List[Tuple[str, str, str, bool]]]] = None
        # CL158 answers by candidate: each one asks again about every earlier candidate of its function
        self._made_object_answers: Dict[Tuple[str, Optional[str], object], Optional[str]] = {}
        self._holding_names: Dict[str, Set[str]] = {}  # see _reaches_only
        self._checkpoint_reach: Optional[Set[Key]] = None  # see _checkpointed
        self._torch_breaks: Dict[Key, bool] = {}  # see _forward_breaks_in_torch
        self._alive_generators: Optional[Set[Key]] = None  # see _alive_at_break

    def message(self, path: str, cand: Candidate) -> Optional[str]:
        kind, argument = cand.requires[:2]
        if kind == "clean-reach":
            return self._clean_reach(path, argument, cand)
        if kind == "repeated-block":
            return self._repeated_block(path, argument, cand.requires[2], cand)
        if kind == "made-object-breaks":
            return self._made_object_breaks(path, argument, cand.requires[2], cand)
        if kind == "constructor-breaks":
            return self._constructor_breaks(path, argument, cand)
        if kind == "module-class":
            return cand.message if argument in self.regions.files[path].classes \
                and self.regions.is_module_class(path, argument) else None
        if kind in ("global-changed", "global-mutated"):
            return self._global_changed(path, argument, cand, rebinding_counts=kind == "global-changed")
        if kind == "grad-mode-generator":
            return cand.message if self._grad_mode_generators(path, cand.function, (argument, cand.requires[2])) \
                else None
        if kind == "container-element-breaks":
            return self._container_elements_break(path, cand)
        if kind == "container-frame-given-up":
            return self._container_frame_given_up(path, cand)
        if kind == "iterator-frame-given-up":
            return self._iterator_frame_given_up(path, argument, cand)
        if kind == "callee-breaks":
            fn = self.regions.files[path].functions.get(cand.function)
            keys = self.regions.resolve_call(path, fn, (argument, cand.requires[2])) if fn else []
            return cand.message if keys and self._reaches_break(keys) else None
        if kind == "forward-breaks-in-torch":
            fn = self.regions.files[path].functions.get(cand.function)
            keys = self.regions.resolve_call(path, fn, (argument, cand.requires[2])) if fn else []
            return cand.message if any(self._forward_breaks_in_torch(key, frozenset()) for key in keys) else None
        if kind == "function-breaks":
            return cand.message if self._reaches_break([(path, argument)]) else None
        if kind == "context-class":
            cls = self.regions.index.lookup_class(path, argument)
            return cand.message if cls and self.regions.index.method(cls, "__enter__") else None
        if kind == "checkpointed":
            return cand.message if self._checkpointed(path, argument) else None
        if kind == "returns-logger":
            return cand.message if self._returns_logger(path, argument) else None
        if kind == "global-bound-first":
            return cand.message if self._bound_first(path, argument, cand.requires[2:], cand) else None
        if kind == "generator-alive-at-break":
            return cand.message if (path, argument) in self._alive_at_break() else None
        if kind in ("grad-setter", "numba-kernel", "context-decorated"):
            holds = _grad_setter if kind == "grad-setter" else _numba_kernel if kind == "numba-kernel" \
                else self._context_decorator_of
            iterated = cand.requires[3] if kind == "grad-setter" else None
            return cand.message if self._reaches_only(path, cand.function, (argument, cand.requires[2]), kind, holds,
                                                      iterated) else None
        return None

    def _reaches_only(self, path: str, function: Optional[str], record: Tuple[str, str], kind: str,
                      holds: Callable[[Key, FunctionFacts], bool], iterated: Optional[bool]) -> bool:
        """The call reaches project functions, every one of which `holds` (a grad setter, where `iterated` says
        whether the candidate iterates the call, is one only if it is a generator exactly then: its first step
        breaks). The last names of the project's functions that hold are a cheap first test, made once per kind."""
        if kind not in self._holding_names:
            self._holding_names[kind] = {name.rpartition(".")[2] for where, facts in self.regions.files.items()
                                         for name, fn in facts.functions.items() if holds((where, name), fn)}
        names = self._holding_names[kind]
        if not names or record[0] == "name" and record[1].rpartition(".")[2] not in names:
            return False  # most projects have no such function: every call's candidate ends here, unresolved
        fn = self.regions.files[path].functions.get(function) if function else None
        targets = set(self.regions.resolve_call(path, fn, record)) if fn is not None else set()
        return bool(targets) and all(self._holds(key, holds, iterated) for key in targets)

    def _holds(self, key: Key, holds: Callable[[Key, FunctionFacts], bool], iterated: Optional[bool]) -> bool:
        facts = self.regions.files.get(key[0])
        fn = facts.functions.get(key[1]) if facts is not None else None
        return fn is not None and holds(key, fn) and (iterated is None or fn.generator == iterated)

    # -- CL121 -------------------------------------------------------------------------------------------
    def _forward_breaks_in_torch(self, key: Key, seen: frozenset) -> bool:
        """`key` is a module's forward that calls a submodule breaking inside torch (facts.BREAKS_INSIDE_TORCH_MODULES),
        or a project submodule whose forward does: dynamo reports that break at each call of such a module, up to the
        compiled one (the class fact through every file; measured on 2.13, reachw-2026-11-29w.md §2)."""
        if key in self._torch_breaks:
            return self._torch_breaks[key]
        facts = self.regions.files.get(key[0])
        fn = facts.functions.get(key[1]) if facts is not None else None
        cls = self.regions.index.lookup_class(key[0], fn.class_name) if fn is not None and fn.class_name else None
        if cls is None or key in seen or not key[1].endswith(".forward") or not self.regions.is_module_class(*cls):
            return False
        found = False
        for kind, attr in fn.calls:
            if kind != "self":
                continue
            classes = next((info.submodule_classes[attr] for info in map(self.regions.index.class_info,
                                                                          self.regions.index.mro(cls))
                            if attr in info.submodule_classes), set())
            if classes and classes <= BREAKS_INSIDE_TORCH_MODULES or any(
                    self._forward_breaks_in_torch(callee, seen | {key})
                    for callee in self.regions.resolve_call(key[0], fn, (kind, attr))):
                found = True
                break
        if not seen:  # a cycle's answer may be cut short: kept only where the walk began
            self._torch_breaks[key] = found
        return found

    # -- CL171 -------------------------------------------------------------------------------------------
    def _checkpointed(self, path: str, function: str) -> bool:
        """`function`, a method of an nn.Module, is reached from what compiled code hands to
        `torch.utils.checkpoint.checkpoint` (FunctionFacts.checkpointed)."""
        if self._checkpoint_reach is None:
            starts = [key for where, facts in self.regions.files.items() for fn in facts.functions.values()
                      if fn.checkpointed and self.regions.region_of(where, fn.qualname) is not None
                      for record in fn.checkpointed for key in self.regions.resolve_call(where, fn, record)]
            self._checkpoint_reach = self.regions.reach(starts) if starts else set()
        cls = function.rpartition(".")[0]
        return (path, function) in self._checkpoint_reach and bool(cls) and self.regions.is_module_class(path, cls)

    # -- CL162 -------------------------------------------------------------------------------------------
    def _grad_mode_generators(self, path: str, function: Optional[str], record: Tuple[str, str]) -> bool:
        """The call reaches project functions, every one a generator function wrapped by a grad-mode decorator, and
        none of them holds a graph break we found in a loop: dynamo gives up on the frame there, before the generator
        ends (litgpt's `generate` runs `list(generate_fn(...))`, whose token loop breaks on `.item()` first). A break
        outside the generator's loops is not asked about: it sits on the setup's options (guided diffusion's
        `if progress:` progress bar), which a sampler in a compiled step does not take."""
        fn = self.regions.files[path].functions.get(function) if function else None
        if fn is None:
            return False
        targets = set(self.regions.resolve_call(path, fn, record))
        return bool(targets) and all(self._grad_mode_generator(key) for key in targets) and not any(
            (r.path, c.function) in targets and c.code in self.break_codes and "loop" in c.amplifiers
            and not c.requires and self._is_break(r.path, c) for r in self.results for c in r.candidates)

    def _grad_mode_generator(self, key: Key) -> bool:
        facts = self.regions.files.get(key[0])
        fn = facts.functions.get(key[1]) if facts is not None else None
        return fn is not None and fn.generator and any(d in GRAD_MODE_DECORATORS for d in fn.decorators)

    # -- CL177 -------------------------------------------------------------------------------------------
    def _alive_at_break(self) -> Set[Key]:
        """The generator functions whose generators compiled code keeps alive across a graph break (the calls of
        FunctionFacts.alive_generators, resolved; `self.__iter__(...)` in a base class reaches every override)."""
        if self._alive_generators is None:
            self._alive_generators = set()
            for where, facts in self.regions.files.items():
                for fn in facts.functions.values():
                    if fn.alive_generators and self.regions.region_of(where, fn.qualname) is not None:
                        self._alive_generators.update(
                            key for record in fn.alive_generators
                            for key in self.regions.resolve_call(where, fn, record) if self._generator(key))
        return self._alive_generators

    def _generator(self, key: Key) -> bool:
        facts = self.regions.files.get(key[0])
        fn = facts.functions.get(key[1]) if facts is not None else None
        return fn is not None and fn.generator

    # -- CL180 -------------------------------------------------------------------------------------------
    def _bound_first(self, path: str, compiled: str, binders: Tuple[str, ...], cand: Candidate) -> bool:
        """`compiled` is compiled, and no graph break applies the stores before the read: none in the binders, none
        in the reading function before the read's line (a break ends the graph, and dynamo applies the stores)."""
        if self.regions.region_of(path, compiled) is None or self._reaches_break([(path, b) for b in binders]):
            return False
        return not any(c.function == cand.function and c.start.row < cand.start.row and c.code in self.break_codes
                       and self._is_break(path, c) and (not c.requires or self.message(path, c) is not None)
                       for r in self.results if r.path == path for c in r.candidates)

    # -- CL178 -------------------------------------------------------------------------------------------
    def _context_decorator_of(self, key: Key, fn: FunctionFacts) -> bool:
        """`fn` is decorated by an instance of a project contextlib.ContextDecorator subclass."""
        called = [d for d in fn.decorators if d and d not in fn.bare_decorators]
        return any(self.regions.is_context_decorator(cls) for cls in
                   (self.regions.index.lookup_class(key[0], d) for d in called) if cls is not None)

    # -- CL165 -------------------------------------------------------------------------------------------
    def _container_elements_break(self, path: str, cand: Candidate) -> Optional[str]:
        """Each of the candidate's `called` ("xs" or "xs.m") is a call of the modules of `self.xs`: the attribute is an
        nn.ModuleList, ModuleDict or Sequential set in an __init__ of the class or a project base, and what one call
        reaches holds a graph break we found. A Python list of modules does not do it (dynamo rebuilds a list
        iterator). Or the modules do not break, but dynamo gives up on the frame before it traces the comprehension
        (_frame_given_up): the frame runs eagerly, and dynamo compiles the comprehension as a frame of its own,
        whose argument is the container's iterator, which it cannot step (GB4347)."""
        if self._elements_break(path, cand):
            return cand.message
        containers = self._module_containers(path, cand.function, [name.partition(".")[0]
                                                                   for name in cand.requires[1:]])
        return self._given_up_message(path, cand, containers) if containers else None

    def _container_frame_given_up(self, path: str, cand: Candidate) -> Optional[str]:
        """A comprehension over the modules of `self.xs` (containers as above) that calls none of them, in a frame
        dynamo gives up on (_frame_given_up): dynamo compiles it as a frame of its own (its code names a torch module
        or `self`, the check saw to that) and cannot step the container's iterator there (GB4347)."""
        containers = self._module_containers(path, cand.function, list(cand.requires[1:]))
        return self._given_up_message(path, cand, containers) if containers else None

    def _iterator_frame_given_up(self, path: str, described: str, cand: Candidate) -> Optional[str]:
        """A comprehension over a list or a dict in a frame dynamo gives up on (_frame_given_up): dynamo compiles it as
        a frame of its own and cannot step the list's or dict's iterator there either (GB4347)."""
        given_up = self._frame_given_up(path, cand.function, cand.start.row)
        if given_up is None:
            return None
        return (f"dynamo gives up on this frame at the break on line {given_up} (it runs eagerly), then compiles this "
                f"comprehension over {described} as a frame of its own, and cannot step its iterator there, so the "
                "graph breaks on this line too")

    def _module_containers(self, path: str, function: Optional[str], attributes: List[str]) -> List[str]:
        """The attributes that are an nn.ModuleList, ModuleDict or Sequential set in an __init__ of the function's
        class or of a project base."""
        fn = self.regions.files[path].functions.get(function) if function else None
        cls = self.regions.index.lookup_class(path, fn.class_name) if fn is not None and fn.class_name else None
        if cls is None:
            return []
        infos = [info for info in map(self.regions.index.class_info, self.regions.index.mro(cls)) if info is not None]
        return [attribute for attribute in dict.fromkeys(attributes)
                if next((info.submodules[attribute] for info in infos if attribute in info.submodules), None)
                in CONTAINER_CLASSES]

    def _elements_break(self, path: str, cand: Candidate) -> bool:
        """A call of the candidate's `called` modules of a container reaches a break we found: the comprehension breaks
        on its line (GB0092) and dynamo gives up on its frame there."""
        if cand.requires[0] != "container-element-breaks":
            return False
        fn = self.regions.files[path].functions.get(cand.function) if cand.function else None
        containers = set(self._module_containers(path, cand.function, [name.partition(".")[0]
                                                                       for name in cand.requires[1:]]))
        broken = self.broken()
        return any(self.regions.reach(self.regions.resolve_call(path, fn, ("self_item", name))) & broken
                   for name in cand.requires[1:] if name.partition(".")[0] in containers)

    def _given_up_message(self, path: str, cand: Candidate, containers: List[str]) -> Optional[str]:
        given_up = self._frame_given_up(path, cand.function, cand.start.row)
        if given_up is None:
            return None
        attributes = ", ".join(f"`self.{a}`" for a in containers)
        return (f"dynamo gives up on this frame at the break on line {given_up} (it runs eagerly), then compiles this "
                f"comprehension over the modules of {attributes} as a frame of its own, and cannot step the "
                "container's iterator there, so the graph breaks on this line too")

    def _frame_given_up(self, path: str, function: str, row: int) -> Optional[int]:
        """The row of the break at which dynamo gives up on the frame holding `row` (a break in a loop, a `try`, a
        user context manager: linter.AMPLIFIERS, an RNN module: CL143's GB0014, reported without a frame skip yet the
        rest of the frame runs eagerly, or a comprehension over modules that break: GB0092), when it comes
        first in the part of the function that holds `row`: after the last ordinary break before `row` (dynamo
        resumes there in a new frame), the first break found."""
        breaks = sorted(self._breaks_in(path, function) + [
            (c.start.row, "frame") for c in self._comprehensions_in(path, function)
            if c.start.row < row and self._elements_break(path, c)])
        resumed = max((at for at, gives_up in breaks if at < row and not gives_up), default=0)
        first = next(((at, gives_up) for at, gives_up in breaks if at > resumed), None)
        if first is None or not first[1] or first[1] == "rest" and first[0] > row:
            return None
        return first[0]

    def _comprehensions_in(self, path: str, function: Optional[str]) -> List[Candidate]:
        """The function's CL165 candidates that call the modules of a container."""
        if self._comprehensions is None:
            self._comprehensions = {}
            for r in self.results:
                for c in r.candidates:
                    if c.requires and c.requires[0] == "container-element-breaks" and self._is_break(r.path, c):
                        self._comprehensions.setdefault((r.path, c.function), []).append(c)
        return self._comprehensions.get((path, function), [])

    # -- CL305 -------------------------------------------------------------------------------------------
    def broken(self) -> Set[Key]:
        """Functions holding a graph-break finding (suppressed ones too: the code still breaks)."""
        if self._broken is None:
            # a candidate waiting on a condition is no break of its own yet (CL158 follows from another break)
            found = {(r.path, c.function) for r in self.results for c in r.candidates
                     if c.code in self.break_codes and c.function and not c.requires and self._is_break(r.path, c)}
            self._broken = {key for key in found if not self.untraced_backward(*key, broken=found)}
        return self._broken

    def _clean_reach(self, path: str, target: str, cand: Candidate) -> Optional[str]:
        if not self.every_break_rule:
            return None
        entries = self.regions.entry_targets(path, target)
        if not entries:
            return None  # a callable we cannot follow: nothing is known about its breaks
        reach = self.regions.reach(entries)
        if any(key[1] == DISABLED_BINDING or self.regions.disabled(key) for key in reach):
            return None  # calling a disabled function is a break
        if any(key[0] not in self.linted for key in reach) or reach & self.broken():
            return None
        if any(self._calls_library(key) for key in reach):
            return None
        count = len(reach)
        return f"{cand.message} ({count} function{'s' if count != 1 else ''} reached, all linted)"

    def _breaks_in(self, path: str, function: Optional[str]) -> List[Tuple[int, str]]:
        """(row, what dynamo gives up on there) of each break finding of the function, in order: "frame" (the whole
        frame runs eagerly: an amplified break), "rest" (the rest of it: REST_GIVEN_UP_CODES), or "" (it resumes)."""
        if self._frame_breaks is None:
            self._frame_breaks = {}
            for r in self.results:
                for c in r.candidates:
                    if c.code in self.break_codes and c.function and not c.requires and self._is_break(r.path, c):
                        self._frame_breaks.setdefault((r.path, c.function), []).append(
                            (c.start.row, "frame" if c.amplifiers else "rest" if c.code in REST_GIVEN_UP_CODES
                             else ""))
        return sorted(self._frame_breaks.get((path, function), ()))

    def hidden_in_backward(self, path: str, cand: Candidate) -> bool:
        """The candidate is in the backward of an autograd.Function that dynamo never traces (untraced_backward), or
        past its first break: dynamo stops speculating the backward there and runs the Function eagerly."""
        if self.untraced_backward(path, cand.function):
            return True
        breaks = self._breaks_in(path, cand.function) if (path, cand.function) in self.regions.speculated else ()
        return bool(breaks) and cand.code in self.break_codes and cand.start.row > breaks[0][0]

    def untraced_backward(self, path: str, function: Optional[str], broken: Optional[Set[Key]] = None) -> bool:
        """`function` is the backward of a torch.autograd.Function that dynamo never traces: it speculates forward
        and setup_context first, and a break there (a finding, or a call into a library that may be compiled code)
        runs the whole Function eagerly. (setup_context is traced after a break in forward: measured on 2.13.)"""
        cls, _, method = (function or "").rpartition(".")
        if method != "backward" or not cls or not self.regions.is_autograd_function(path, cls):
            return False
        forward, setup = (self.regions.index.method((path, cls), name) for name in ("forward", "setup_context"))
        broken = self.broken() if broken is None else broken
        return forward is None or any(key in broken or self._calls_library(key) for key in (forward, setup) if key)

    # -- CL169 -------------------------------------------------------------------------------------------
    def _reaches_break(self, keys: List[Key]) -> bool:
        """What these functions reach holds a graph break we found (a call of a disabled function is one)."""
        return bool(self.regions.reach(keys) & self.broken())

    def _calls_library(self, key: Key) -> bool:
        """A call into an imported third-party library: dynamo traces it, compilelint does not."""
        facts = self.regions.files[key[0]]
        imported = {q.split(".")[0] for q in facts.imports.values()}
        project = {m.split(".")[0] for m in self.regions.index.modules}
        for kind, name in facts.functions[key[1]].calls:
            root = name.split(".")[0]
            if kind == "name" and root in imported and root not in project and root not in TRACED_LIBRARIES \
                    and root not in STDLIB:
                return True
        return False

    # -- CL131 -------------------------------------------------------------------------------------------
    def _returns_logger(self, path: str, factory: str) -> bool:
        """`factory` is a project function declared to return a `logging.Logger` (or a `LoggerAdapter`)."""
        values = self.regions.values(path, None, factory)
        return bool(values) and all(
            kind == "function" and set(self.regions.files[key[0]].functions[key[1]].returned)
            & {"logging.Logger()", "logging.LoggerAdapter()"} for kind, key in values)

    # -- CL158 -------------------------------------------------------------------------------------------
    def _made_object_breaks(self, path: str, made: str, method: str, cand: Candidate) -> Optional[str]:
        key = (path, cand.function, cand.start)
        if key not in self._made_object_answers:
            self._made_object_answers[key] = self._solve_made_object_breaks(path, made, method, cand)
        return self._made_object_answers[key]

    def _solve_made_object_breaks(self, path: str, made: str, method: str, cand: Candidate) -> Optional[str]:
        """`made()` builds instances of project classes only, none of whose constructors breaks, and `method` of
        every one of them reaches a graph break we found, or calls into a library we cannot see (torchdiffeq's
        scipy solver); one at least reaches a break."""
        if self._earlier_made_object_break(path, cand):
            return None  # dynamo stops tracing the frame at the first reconstruction failure
        values = self.regions.values(path, cand.function, made + "()")
        classes = [value[1] for value in values if value[0] == "instance"]
        if not classes or len(classes) != len(values):
            return None
        made_by_a_class = self.regions.values(path, cand.function, made)
        if any(value[0] != "class" for value in made_by_a_class):
            return None  # a function's result may be an object that existed before: dynamo can call it again
        broken, breaking = self.broken(), 0
        for cls in classes:
            found, init = self.regions.index.method(cls, method), self.regions.index.method(cls, "__init__")
            # a constructor that breaks runs eagerly: the object it returns has a source. Only the constructors'
            # own bodies count: the helpers they call mostly warn about bad arguments, on branches not taken
            constructors = {key for key in self.regions.reach([init]) if key[1].endswith(".__init__")} if init else set()
            if found is None or constructors & broken:
                return None
            reach = self.regions.reach([found])
            if reach & broken:
                breaking += 1
            elif not any(self._calls_library(key) for key in reach if key[1] in self.regions.files[key[0]].functions):
                return None  # a class whose method we see all of, and it does not break
        return cand.message if breaking else None

    # -- CL145 -------------------------------------------------------------------------------------------
    def _constructor_breaks(self, path: str, cls: str, cand: Candidate) -> Optional[str]:
        """`cls` is an nn.Module and a graph break we found is in its `__init__` or in the `__init__` of a project base
        class (`super().__init__(...)`); the helpers they call do not count (CL158's reasoning: mostly argument
        checks on branches not taken), nor subclasses' constructors (what reach would follow for a call on `self`)."""
        if cls not in self.regions.files[path].classes or not self.regions.is_module_class(path, cls):
            return None
        index = self.regions.index
        constructors = {(base[0], f"{base[1]}.__init__") for base in index.mro((path, cls))
                        if "__init__" in index.class_info(base).methods}
        return cand.message if constructors & self.broken() else None

    def _earlier_made_object_break(self, path: str, cand: Candidate) -> bool:
        result = next(r for r in self.results if r.path == path)
        return any(c.code == cand.code and c.function == cand.function and c.start < cand.start
                   and self._made_object_breaks(path, c.requires[1], c.requires[2], c) is not None
                   for c in result.candidates)

    # -- CL306 -------------------------------------------------------------------------------------------
    def _repeated_block(self, path: str, target: str, spelled: str, cand: Candidate) -> Optional[str]:
        entries = self.regions.entry_targets(path, target)
        if len(entries) != 1 or not entries[0][1].endswith(".forward"):
            return None  # a function or a method: nothing to compile region by region
        compiled_alone = {key for key, region in self.regions.entries if region.confidence == "certain"}
        for key in sorted(self.regions.reach(entries)):
            found = self._container_of_blocks(key)
            if found is None:
                continue
            owner, attribute, block = found
            where = f"{spelled}.{attribute}" if (key[0], owner) == (entries[0][0], entries[0][1].partition(".")[0]) \
                else f"<the {owner}>.{attribute}"
            if (block[0], f"{block[1]}.forward") in compiled_alone:
                return None  # the block is compiled on its own already
            return (f"{cand.message}: `{owner}.forward` runs every `{block[1]}` of `self.{attribute}` in turn, and "
                    f"each is traced (and lowered) again inside the whole graph; compile the block instead "
                    f"(`for block in {where}: block.compile()`): dynamo compiles `{block[1]}.forward` "
                    f"once and reuses it for every layer")
        return None

    def _container_of_blocks(self, key: Key) -> Optional[Tuple[str, str, Key]]:
        """(class, attribute, block class) when `key` is a forward calling the elements of a module container
        whose elements are all one project nn.Module class."""
        qualname = key[1]
        if qualname.count(".") != 1 or not qualname.endswith(".forward"):
            return None
        owner = qualname.partition(".")[0]
        cls = (key[0], owner)
        fn: FunctionFacts = self.regions.files[key[0]].functions[qualname]
        for kind, attribute in fn.calls:
            if kind != "self_item":
                continue
            classes = self.regions.index.attribute_classes(cls, attribute, containers=True)
            if len(classes) == 1 and self.regions.is_module_class(*classes[0]) \
                    and self.regions.index.method(classes[0], "forward"):
                return owner, attribute, classes[0]
        return None

    # -- CL210 -------------------------------------------------------------------------------------------
    def writes(self) -> Dict[str, List[Tuple[str, str, str, bool]]]:
        """Qualified global -> (file, writing function or "", what was written: "=" / key / ".method", in a loop)."""
        if self._writes is None:
            self._writes = {}
            for facts in self.regions.files.values():
                for name, key, function, in_loop in facts.global_writes:
                    self._writes.setdefault(name, []).append((facts.path, function, key, in_loop))
        return self._writes

    def _global_changed(self, path: str, name: str, cand: Candidate, rebinding_counts: bool) -> Optional[str]:
        module, _, attribute = name.rpartition(".")
        defining = self.regions.index.modules.get(module)
        if defining is None or defining == path or attribute not in self.regions.files[defining].guarded_globals:
            return None
        writes = [(where, key, in_loop) for where, function, key, in_loop in self.writes().get(name, ())
                  if (where, function) != (path, cand.function) and (rebinding_counts or key != "=")]
        # at run time, not once at start-up: in a loop, or the same key set in two places of one file
        in_loop = [where for where, _key, loop in writes if loop]
        toggled = [where for where, key, _loop in writes if writes.count((where, key, False)) > 1]
        if not (in_loop or toggled):
            return None
        return f"{cand.message} (changed in {(in_loop or toggled)[0]})"
