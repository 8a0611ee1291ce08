"""Which code is compiled: entry points, reach through calls, holes.

Per file, the engine records plain facts (classes, functions, decorators, calls, compile sites). The
project-wide answer is computed once from the facts of all files, so per-file work stays per file
and a file's facts can be cached by content.

Entry points: `@torch.compile` (any spelling), `torch.compile(obj)` / `obj.compile()` call sites (a
function, a method, or a project nn.Module class or instance), config `compiled-roots`, and — as an
"assumed" entry — `forward` of every project nn.Module subclass. Reach: every project function a
compiled function calls or hands on (partial, checkpoint, torch.cond), methods through the class
hierarchy and subclass overrides, properties, submodules and module containers, constructors
(`Cls(...)` runs `__init__`), the wrappers of the project's decorators, the forward hooks registered on the module
or its submodules (by `__init__`, a method it calls, a project function it hands self to, or a method project code
calls on the instance). Values (facts: values) are followed with a lower confidence, "inferred":
objects made in a function (`SOLVERS[m](...).integrate`, `Interval(...)(a, b)`), every member of a
module-level registry, what `self.attr` holds after any method set it, and what functions return.
Holes: disabled functions and functions numba compiles are not compiled (the engine handles guarded branches).
"""

from __future__ import annotations

import fnmatch
import re
from collections import deque
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

from compilelint.facts import AUTOGRAD_FUNCTIONS, NUMBA_COMPILERS, FileFacts, FunctionFacts
from compilelint.findings import Region
from compilelint.guards import with_guarded_calls
from compilelint.index import distinctive_method_name
from compilelint.project import Key, ProjectIndex

CONTEXT_DECORATOR = "contextlib.ContextDecorator"

COMPILE_DECORATORS = frozenset({"torch.compile", "torch._dynamo.optimize"})
MODULE_BASES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})
# A call resolved to a module-level `name = torch.compiler.disable(f)`: no function to compile, a break.
DISABLED_BINDING = "<disabled>"
# Where torch defines its compile and disable functions, met when the project is torch itself: calling them
# wraps a function, it does not run their bodies (dynamo's own implementation) in the compiled frame.
# Module -> functions.
NOT_REACHED = {"torch": ("compile",), "torch.compiler": ("compile", "disable"),
               "torch._dynamo.eval_frame": ("optimize",), "torch._dynamo.decorators": ("disable",),
               "torch._compile": ("_disable_dynamo",)}
# Confidence of a region, strongest first: a proven entry and direct calls; reach through an object or a
# registry the analysis inferred (every member of a registry is taken); forward assumed compiled.
CONFIDENCES = ("certain", "inferred", "assumed")
SINGLE_DISPATCH = "functools.singledispatch"
SINGLE_DISPATCH_METHOD = "functools.singledispatchmethod"
# What a value (facts: values) may be: ("function", key), ("class", key), ("instance", class key),
# ("registry", (path, name))
Value = Tuple[str, Key]
_STEP = re.compile(r"\(\)|\[\]|\.[\w*]+")  # ".*_reduction": any attribute the glob matches (getattr)
MAX_VALUE_DEPTH = 8
# `self.transform.call_and_ladj`: a method of an attribute (chain) of self
_SELF_ATTRIBUTE_METHOD = re.compile(r"self\.(\w+)(?:\.\w+)*\.(\w+)")


class ProjectRegions:
    """The compiled functions of a project, from the facts of its files."""

    def __init__(self, facts: Iterable[FileFacts], assume_forward: bool = True, roots: Sequence[str] = ()) -> None:
        self.index = ProjectIndex(with_guarded_calls(list(facts)))  # calls under project guards that are none
        self.files = self.index.files
        self.assume_forward = assume_forward
        self.roots = tuple(roots)
        self._module_classes: Dict[Key, bool] = {}
        self.compiled: Dict[Key, Region] = {}
        self._values: Dict[Tuple[str, Optional[Key], str], List[Value]] = {}
        self._methods_by_name: Optional[Dict[str, List[Key]]] = None
        self.entries: List[Tuple[Key, Region]] = []
        # disable(recursive=False) functions: not compiled, but their calls were followed
        self.passed: Set[Key] = set()
        # what the calls of each compiled or passed function reach, as the solve resolved them (context.reached_by_calls)
        self.callees: Dict[Key, List[Key]] = {}
        # functions reached through a method name alone (methods_named): their own calls of methods by name are
        # not followed, so one guess never leads to another across a big project
        self.guessed: Set[Key] = set()
        # setup_context and backward of autograd.Functions that compiled code applies: dynamo speculates them at
        # Fn.apply, after forward, each only as far as its first break (what they call is traced: a break in a callee
        # is reported on the callee's line)
        self.speculated: Set[Key] = set()
        self._torch_compile_functions = {(path, name) for path, facts in self.files.items()
                                         for name in NOT_REACHED.get(facts.module, ())}
        self._reach_callees: Dict[Key, List[Key]] = {}  # reach(): what each function's calls resolve to
        self._methods_called_on: Optional[Dict[Key, Set[str]]] = None  # _called_on, built on first need
        # (function, parameter) -> what its callers pass there (FunctionFacts.passed_values), built on first need
        self._passed: Optional[Dict[Tuple[Key, str], List[Tuple[Key, Optional[Key], str]]]] = None
        self._solve()

    # -- classes ---------------------------------------------------------------------------------
    def is_module_class(self, path: str, name: str) -> bool:
        key = (path, name)
        if key not in self._module_classes:
            self._module_classes[key] = False  # a cycle of bases proves nothing
            self._module_classes[key] = any(
                _is_torch_module(base) for cls in self.index.mro(key) for base in self.index.class_info(cls).bases
            )
        return self._module_classes[key]

    def is_context_decorator(self, key: Key) -> bool:
        """A subclass of contextlib.ContextDecorator (directly or through project base classes)."""
        return any(base == CONTEXT_DECORATOR for info in map(self.index.class_info, self.index.mro(key))
                   if info is not None for base in info.bases)

    def is_autograd_function(self, path: str, name: str) -> bool:
        """A subclass of torch.autograd.Function (directly or through project base classes)."""
        return any(base in AUTOGRAD_FUNCTIONS for info in map(self.index.class_info, self.index.mro((path, name)))
                   if info is not None for base in info.bases)

    def _forward(self, cls: Key) -> List[Key]:
        """What calling an instance of `cls` runs: forward for a module, `__call__` for a plain callable object;
        for a typing.Protocol, what calling an instance of each class implementing it runs."""
        implementations = self.index.implementations(cls)
        if implementations:
            return [key for implementation in implementations for key in self._forward(implementation)]
        if self.is_module_class(*cls):
            # a module class that overrides __call__ (gpytorch's Module) runs it on every call, and forward from it
            found = [self.index.method(cls, "forward"), self.index.method(cls, "__call__")]
            return [key for key in found if key]
        found = self.index.method(cls, "__call__")
        return [found] if found else []

    # -- what a name or a call reaches ---------------------------------------------------------------
    def _targets(self, path: str, name: str, calling: bool, hops: int = 0, instance: bool = False) -> List[Key]:
        """Functions that run when `name` (as file `path` resolves it) is called (calling=True: a class
        is constructed, not run) or compiled (calling=False: a class means its forward). `instance`:
        `name` was called to make the object, so a plain function tells nothing about what runs."""
        found = self.index.lookup(path, name)
        if found is None or hops > 8:
            return []
        where, local = found
        facts = self.files[where]
        if local in facts.functions:
            return [] if instance else [found]
        head, _, rest = local.partition(".")
        if head in facts.classes:
            if rest:  # Class.method: a static/class method, or a method compiled on its own
                hit = self.index.method((where, head), rest)
                if hit is None and rest == "apply" and self.is_autograd_function(where, head):
                    # dynamo traces Fn.apply(x) into forward, and into setup_context and backward when an input
                    # requires grad
                    forward, *after = (self.index.method((where, head), name)
                                       for name in ("forward", "setup_context", "backward"))
                    self.speculated.update(key for key in after if key)
                    return [key for key in (forward, *after) if key]
                return [hit] if hit else []
            if calling:  # Block(...) runs Block.__init__ (a base class's, or none of the project's)
                init = self.index.constructor((where, head))
                return [init] if init else []
            return self._forward((where, head))
        if head not in facts.bindings:  # a registry: what uses its members is a "value" call record
            return []
        kind, target = facts.bindings[head]
        if kind == "disable":
            return [(where, DISABLED_BINDING)]
        if kind == "instance":  # a module object: calling it (or compiling it) runs forward
            cls = self.index.lookup_class(where, target)
            if cls is None:
                return []
            if rest:
                hit = self.index.method(cls, rest)
                return [hit] if hit else []
            return self._forward(cls)
        # "compile" (calling the compiled object runs its target) and "alias" (partial, plain alias)
        return self._targets(where, target + (f".{rest}" if rest else ""), calling and kind != "compile", hops + 1)

    def resolve_call(self, path: str, fn: FunctionFacts, record: Tuple[str, str],
                     inferred: Optional[Set[Key]] = None, by_name: Optional[Set[Key]] = None) -> List[Key]:
        """The project functions a call record of `fn` reaches; those reached only through values the
        analysis inferred (objects, registries, attributes' values) are added to `inferred` too, and those
        reached through a method name alone to `by_name`."""
        kind, name = record
        if kind == "name":
            found = self._targets(path, name, calling=True)
            if name in fn.handed_names:  # a class handed on as a value is not constructed here
                found = [key for key in found if key[1].rpartition(".")[2] != "__init__"]
            overloads = self._dispatch_overloads(found)
            if inferred is not None:
                inferred.update(overloads)
            return found + overloads
        if kind == "value":
            cls = self.index.lookup_class(path, fn.class_name) if fn.class_name else None
            found = list(dict.fromkeys(key for value in self._evaluate(path, cls, name)
                                       for key in self._call(value)[0]))
            if not found and cls is not None:
                found = self._unknown_attribute_method(cls, name)
                if by_name is not None:
                    by_name.update(found)
            if inferred is not None:
                inferred.update(found)
            return found
        if kind == "attr" and "." in name:  # obj.p read of a local holding a value: runs p if obj's class makes it a property
            owner_cls = self.index.lookup_class(path, fn.class_name) if fn.class_name else None
            spelled, _, attr = name.rpartition(".")
            found = list(dict.fromkeys(hit for kind_, key in self._evaluate(path, owner_cls, spelled) if kind_ == "instance"
                                       for hit in [self._property(key, attr)] if hit))
            if inferred is not None:
                inferred.update(found)
            return found
        if kind == "method":
            found = self.methods_named(name, path)
            if inferred is not None:
                inferred.update(found)
            if by_name is not None:
                by_name.update(found)
            return found
        if fn.class_name is None:
            return []
        cls = self.index.lookup_class(path, fn.class_name)
        if cls is None:
            return []
        if kind == "self":
            hits = [self.index.method(cls, name)]
            # on a subclass instance, self.name() runs the subclass's override (when that instance runs this method)
            hits += [self.index.method(sub, name) for sub in self.index.subclasses(cls)
                     if name in self.index.class_info(sub).methods and self._runs_method(sub, cls, fn)]
            # self.block(x) runs Block.forward; self.layers(x) on an nn.Sequential runs each element's
            for sub_cls in self.index.attribute_classes(cls, name, containers=False) + \
                    self.index.attribute_classes(cls, name, containers=True):
                hits += self._forward(sub_cls)
            # self.kernel(x) with `self.kernel = f` set in __init__, on a subclass instance the subclass's own f
            for owner in [cls, *self.index.subclasses(cls)]:
                function = self.index.callable_attribute(owner, name)
                if function is not None:
                    hits += self._targets(*function, calling=True)
            # self.grid(x) with self.grid = self._make_grid(...) / REG[k] / factory() set in some method
            held = [key for value in self._attribute(("instance", cls), name, 0)
                    if value[0] != "function" or value[1][1].partition(".")[2] != name
                    for key in self._call(value)[0]]
            if inferred is not None:
                inferred.update(set(held) - set(hits))
            found = [h for h in dict.fromkeys(hits + held) if h]
            overloads = self._dispatch_overloads(found)
            if inferred is not None:
                inferred.update(overloads)
            return found + overloads
        if kind == "super":
            hits = [self.index.method(base, name) for base in self.index.bases(cls)]
            return list(dict.fromkeys([h for h in hits if h][:1] + self._next_in_subclass_mros(cls, name)))
        if kind == "self_item":  # "xs": calling an element of self.xs runs its forward; "xs.m": its method m
            container, _, method = name.partition(".")
            elements = self.index.attribute_classes(cls, container, containers=True)
            if method:
                return [hit for hit in (self.index.method(element, method) for element in elements) if hit]
            return [f for element in elements for f in self._forward(element)]
        if kind == "attr":  # self.name read: runs only if name is a @property
            hit = self._property(cls, name)
            return [hit] if hit else []
        return []

    def _runs_method(self, sub: Key, cls: Key, fn: FunctionFacts) -> bool:
        """An instance of subclass `sub` runs `fn`, a method of `cls`: it inherits it, or each override on the way
        hands on to its base's (`super().m(...)`, `Base.m(self, ...)`). A subclass whose own `__call__` never calls
        its base's runs none of the base's `__call__` (espnet2's SpkPreprocessor beside CommonPreprocessor).
        An override in a file known from the index only has no call records yet: it is taken to hand on, so that
        the override reached gets its file parsed and the next solve decides (azula's TDSSampler.__call__)."""
        method = fn.qualname.rpartition(".")[2]
        own = self.index.method(cls, method)
        if fn.qualname != f"{fn.class_name}.{method}" or own is None or self.index.method(sub, method) == own:
            return True
        for owner in self.index.mro(sub):
            if (owner[0], f"{owner[1]}.{method}") == own:
                return True
            info = self.index.class_info(owner)
            if info is None or method not in info.methods:
                continue
            if self.files[owner[0]].indexed:
                return True
            calls = self.files[owner[0]].functions[f"{owner[1]}.{method}"].calls
            if not any(name == method if kind == "super" else kind == "name" and name.endswith(f".{method}")
                       for kind, name in calls):
                return False
        return True

    def _property(self, cls: Key, name: str) -> Optional[Key]:
        """The method reading attribute `name` of an instance of `cls` runs: its @property, if it is one."""
        hit = self.index.method(cls, name)
        owner = self.index.class_info((hit[0], hit[1].partition(".")[0])) if hit else None
        return hit if owner is not None and name in owner.properties else None

    def _next_in_subclass_mros(self, cls: Key, name: str) -> List[Key]:
        """What `super().name()` in a method of `cls` runs on an instance of a subclass with several bases: the next
        class of the subclass's method resolution order that defines `name`, a sibling mixin of `cls` rather than
        its own base (`class Block(ScaleMixin, FiniteMixin)`: ScaleMixin's super() is FiniteMixin)."""
        found = []
        for sub in self.index.subclasses(cls):
            order = self.index.linearization(sub)
            if order == self.index.mro(sub) or cls not in order:
                continue  # one base at each step: the next class is cls's own base, found above
            for owner in order[order.index(cls) + 1:]:
                if name in self.index.class_info(owner).methods:
                    found.append((owner[0], f"{owner[1]}.{name}"))
                    break
        return found

    # -- methods of objects of unknown class -----------------------------------------------------------------
    def methods_named(self, name: str, caller: str) -> List[Key]:
        """The project's methods called `name`, when the name is the project's own: what `obj.name(...)` in file
        `caller` may run where nothing tells obj's class (a constructor argument, a loop over one). Framework and
        generic names (`forward`, `append`, `to`, `get`...) say nothing about whose method it is: none. Only
        classes of files the caller's imports link to (ProjectIndex.connected) can have made obj."""
        if not distinctive_method_name(name):
            return []
        if self._methods_by_name is None:
            found: Dict[str, List[Key]] = {}
            for path, facts in self.files.items():
                for cls_name, info in facts.classes.items():
                    for method in info.methods:
                        if f"{cls_name}.{method}" in facts.functions:
                            found.setdefault(method, []).append((path, f"{cls_name}.{method}"))
                    # `self.prod = self.prod_diagonal`: obj.prod(...) runs the bound method the attribute holds
                    for attr, spelled in info.attribute_values.items():
                        held = [self.index.method((path, cls_name), value[len("self."):]) for value in spelled
                                if value.startswith("self.") and value[len("self."):].isidentifier()]
                        found.setdefault(attr, []).extend(key for key in held if key is not None)
            self._methods_by_name = {name: list(dict.fromkeys(keys)) for name, keys in found.items()}
        return [key for key in self._methods_by_name.get(name, []) if self.index.connected(key[0], caller)]

    def _unknown_attribute_method(self, cls: Key, spelled: str) -> List[Key]:
        """`self.a.m(...)` / `self.a.b.m(...)` where no method of the class (or its bases) says what `self.a`
        holds (`self.transform = transform` from a constructor argument): the project's methods named m."""
        match = _SELF_ATTRIBUTE_METHOD.fullmatch(spelled)
        if match is None:
            return []
        attr = match.group(1)
        for owner in self.index.mro(cls):
            info = self.index.class_info(owner)
            if info is not None and (attr in info.methods or attr in info.submodules or attr in info.containers
                                     or attr in info.callables or attr in info.attribute_values
                                     or attr in info.tensor_attrs or attr in info.non_tensor_attrs):
                return []
        return self.methods_named(match.group(2), cls[0])

    # -- values: objects made, returned, held in attributes and registries ---------------------------------
    def values_of(self, path: str, cls: Optional[Key], spelled: str) -> List[Value]:
        """What a value spelled in a method of `cls` in file `path` may be (`self.scheduler`: its instances)."""
        return self._evaluate(path, cls, spelled)

    def _evaluate(self, path: str, cls: Optional[Key], spelled: str, depth: int = 0) -> List[Value]:
        """What a value spelled in file `path` (in a method of `cls`) may be."""
        memo = (path, cls, spelled)
        if memo in self._values:
            return self._values[memo]
        self._values[memo] = []  # a value defined through itself is nothing we know
        if depth > MAX_VALUE_DEPTH:
            return []
        start = min((i for i in (spelled.find("("), spelled.find("[")) if i >= 0), default=len(spelled))
        name, steps = spelled[:start], _STEP.findall(spelled[start:])
        head, _, rest = name.partition(".")
        if head in ("self", "cls") and cls is not None:
            values: List[Value] = [("instance" if head == "self" else "class", cls)]
            steps = [f".{part}" for part in rest.split(".") if part] + steps
        else:
            values = self._named(path, name, depth)
        for step in steps:
            if step == "()":
                values = [v for value in values for v in self._call(value, depth)[1]]
            elif step == "[]":
                values = [v for value in values for v in self._members(value, depth)]
            else:
                values = [v for value in values for v in self._attribute(value, step[1:], depth)]
            values = list(dict.fromkeys(values))
        self._values[memo] = values
        return values

    def _named(self, path: str, name: str, depth: int) -> List[Value]:
        found = self.index.lookup(path, name)
        if found is None:
            return []
        where, local = found
        facts = self.files[where]
        if local in facts.functions:
            return [] if self._torch_compiles(found) else [("function", found)]
        head, _, rest = local.partition(".")
        if head in facts.classes:
            values: List[Value] = [("class", (where, head))]
        elif head in facts.registries:
            values = [("registry", (where, head))]
        elif head in facts.bindings:
            kind, target = facts.bindings[head]
            if kind == "instance":
                cls = self.index.lookup_class(where, target)
                values = [("instance", cls)] if cls else []
            elif kind in ("alias", "compile"):
                values = self._evaluate(where, None, target, depth + 1)
            else:
                values = []
        else:
            return []
        for part in rest.split(".") if rest else ():
            values = [v for value in values for v in self._attribute(value, part, depth)]
        return values

    def _torch_compiles(self, function: Key) -> bool:
        return function in self._torch_compile_functions

    def _call(self, value: Value, depth: int = 0) -> Tuple[List[Key], List[Value]]:
        """The functions calling `value` runs, and what it returns."""
        kind, key = value
        if kind == "class":
            init = self.index.constructor(key)
            return ([init] if init else []), [("instance", key)]
        if kind == "function":
            functions = [key]
            fn = self.files[key[0]].functions[key[1]]
            if fn.only_defines and not fn.returned:
                # a factory that only defines and returns a closure, nothing the file names (`self.log =
                # make_logger("layer")`): calling what it returns runs the closure, whose code is the factory's own (a
                # nested def belongs to its function)
                return functions, [value]
        elif kind == "instance":
            functions = self._forward(key)
        else:
            return [], []
        return functions, [v for function in functions for v in self._returned(function, depth)]

    def _returned(self, function: Key, depth: int) -> List[Value]:
        fn = self.files[function[0]].functions[function[1]]
        cls = self.index.lookup_class(function[0], fn.class_name) if fn.class_name else None
        return [v for spelled in fn.returned for v in self._evaluate(function[0], cls, spelled, depth + 1)]

    def _members(self, value: Value, depth: int) -> List[Value]:
        if value[0] != "registry":
            return []
        where, name = value[1]
        members = self.files[where].registries[name]
        return [v for member in members for v in self._evaluate(where, None, member, depth + 1)]

    def _attribute(self, value: Value, attr: str, depth: int) -> List[Value]:
        kind, key = value
        if kind not in ("instance", "class"):
            return []
        if "*" in attr:  # getattr(self, f"{kind}_reduction"): each method the name may be, overrides included
            return [("function", method) for cls in [*self.index.mro(key), *self.index.subclasses(key)]
                    for name in self.index.class_info(cls).methods if fnmatch.fnmatchcase(name, attr)
                    for method in [self.index.method(cls, name)] if method is not None]
        found: List[Value] = []
        if kind == "instance":  # an object typed with a protocol: one of the classes implementing it
            found += [("function", method) for implementation in self.index.implementations(key)
                      for method in [self.index.method(implementation, attr)] if method is not None]
        method = self.index.method(key, attr)
        if method is not None:
            owner = self.index.class_info((method[0], method[1].partition(".")[0]))
            if kind == "instance" and owner is not None and attr in owner.properties:
                found += self._returned(method, depth)  # obj.prop is what the property returns
            else:
                found.append(("function", method))
        for owner in self._class_value_owners(key, attr):
            found += self._evaluate(owner[0], owner, self.index.class_info(owner).class_values[attr], depth + 1)
        if kind == "instance":
            found += [("instance", c) for c in self.index.attribute_classes(key, attr, containers=False)]
            function = self.index.callable_attribute(key, attr)
            if function is not None:
                found += [("function", f) for f in self._targets(*function, calling=False)
                          if f[1] in self.files[f[0]].functions]
            for cls in self.index.mro(key):
                info = self.index.class_info(cls)
                for spelled in info.attribute_values.get(attr, ()) if info else ():
                    found += self._evaluate(cls[0], cls, spelled, depth + 1)
                for function, param in info.stored_params.get(attr, ()) if info else ():
                    found += self._parameter_values((cls[0], function), param, depth + 1)
        return found

    def _class_value_owners(self, cls: Key, attr: str) -> List[Key]:
        """The classes whose class-body binding of `attr` (ClassInfo.class_values) `cls.attr` or `self.attr` may read:
        the nearest in the MRO of `cls`, and each subclass binding it (a base can leave it to its subclasses: `struct
        = LinearChain` in each distribution, read as `self.struct(...)` in the base's methods)."""
        owners = [next((c for c in self.index.mro(cls) if attr in self._class_values(c)), None)]
        owners += [sub for sub in self.index.subclasses(cls) if attr in self._class_values(sub)]
        return [owner for owner in dict.fromkeys(owners) if owner is not None]

    def _class_values(self, cls: Key) -> Dict[str, str]:
        info = self.index.class_info(cls)
        return info.class_values if info is not None else {}

    def _parameter_values(self, function: Key, param: str, depth: int, seen: Optional[Set[Key]] = None) -> List[Value]:
        """What the callers of `function` pass to its parameter `param`: the objects they make, and what their own
        callers pass where they hand a parameter on."""
        if self._passed is None:
            self._passed = {}  # while it is built, a parameter holds nothing known
            self._passed = self._passed_values()
            self._values.clear()  # values evaluated meanwhile did not see it
        seen = set() if seen is None else seen
        if function in seen or depth > MAX_VALUE_DEPTH:
            return []
        seen.add(function)
        values: List[Value] = []
        for caller, cls, spelled in self._passed.get((function, param), ()):
            if spelled.startswith("param:"):
                values += self._parameter_values(caller, spelled[len("param:"):], depth + 1, seen)
            else:
                values += self._evaluate(caller[0], cls, spelled, depth + 1)
        return list(dict.fromkeys(values))

    def _passed_values(self) -> Dict[Tuple[Key, str], List[Tuple[Key, Optional[Key], str]]]:
        """(function, parameter) -> (caller, the caller's class, the value passed) for every call record of the
        project that hands an object over (FunctionFacts.passed_values), resolved as the caller's calls are."""
        passed: Dict[Tuple[Key, str], List[Tuple[Key, Optional[Key], str]]] = {}
        for path, facts in self.files.items():
            for qualname, fn in facts.functions.items():
                if not fn.passed_values:
                    continue
                cls = self.index.lookup_class(path, fn.class_name) if fn.class_name else None
                for record, where, spelled in fn.passed_values:
                    for target in self.resolve_call(path, fn, record):
                        callee = self.files[target[0]].functions.get(target[1]) if target[0] in self.files else None
                        param = _parameter_at(callee, where) if callee is not None else None
                        if param is not None:
                            passed.setdefault((target, param), []).append(((path, qualname), cls, spelled))
        return passed

    def calls_disabled(self, path: str, function: Optional[str], record: Tuple[str, str]) -> Optional[Key]:
        """The disabled function (or binding) a call in `function` of `path` reaches, if any."""
        fn = self.files[path].functions.get(function) if function else None
        if fn is None:
            return None
        for key in self.resolve_call(path, fn, record):
            if self.disabled(key):
                return key
        return None

    def unmatched_roots(self) -> List[str]:
        """The compiled-roots patterns that name no function or class of these files (a typo, or a module path
        that is not how the files are imported)."""
        return [pattern for pattern in self.roots
                if not any(_matches_root(facts.module, name, (pattern,))
                           for facts in self.files.values() for name in (*facts.functions, *facts.classes))]

    def disabled(self, key: Key) -> str:
        if key[1] == DISABLED_BINDING:
            return "recursive"
        return self.files[key[0]].functions[key[1]].disabled

    def numba_compiled(self, key: Key) -> bool:
        """A function a numba decorator replaces by its dispatcher: dynamo never traces its body (the call of it is
        CL153's)."""
        return key[1] != DISABLED_BINDING \
            and not NUMBA_COMPILERS.isdisjoint(self.files[key[0]].functions[key[1]].decorators)

    # -- entries and reach ---------------------------------------------------------------------------
    def _entries(self) -> List[Tuple[Key, Region]]:
        entries = []
        for path, facts in self.files.items():
            for qualname, fn in facts.functions.items():
                if any(d in COMPILE_DECORATORS for d in fn.decorators):
                    where = f"@torch.compile at {path}:{fn.line}"
                    entries.append(((path, qualname), Region(qualname, where, "certain")))
                elif self.roots and _matches_root(facts.module, qualname, self.roots):
                    entries.append(((path, qualname), Region(qualname, "compiled-roots in the configuration", "certain")))
            for target, line in facts.compile_sites:
                instance = target.endswith("()")
                for key in self._targets(path, target[:-2] if instance else target, calling=False, instance=instance):
                    entries.append((key, Region(key[1], f"torch.compile at {path}:{line}", "certain")))
            for name in facts.classes:
                if self.roots and _matches_root(facts.module, name, self.roots):
                    for key in self._forward((path, name)):
                        entries.append((key, Region(key[1], "compiled-roots in the configuration", "certain")))
                info = facts.classes[name]
                for method in ("forward", "__call__"):  # an override of __call__ runs whenever forward does
                    defined = info.method_aliases.get(method, method if method in info.methods else None)
                    if self.assume_forward and defined is not None and self.is_module_class(path, name):
                        qualname = f"{name}.{defined}"
                        region = Region(qualname, f"{method} of nn.Module subclass {name}", "assumed")
                        entries.append(((path, qualname), region))
        return entries

    def _solve(self) -> None:
        passed = self.passed
        entries = self.entries = self._entries()
        # the strongest reach first, so code reached several ways keeps the strongest confidence
        later: Dict[str, List[Tuple[Key, Region]]] = {c: [] for c in CONFIDENCES}
        for key, region in entries:
            later[region.confidence].append((key, region))
        for confidence in CONFIDENCES:
            queue = deque()
            for key, region in later[confidence]:
                self._reach(key, region, queue, passed)
            while queue:
                key, region = queue.popleft()
                fn = self.files[key[0]].functions[key[1]]
                callees = self.callees[key] = []
                # a project decorator's wrapper runs in place of the function: its body is reached as a call
                wrappers = [("name", name) for name in fn.decorators if self._decorator_function(key[0], name)]
                wrappers += self._wrapper_self_calls(key[0], fn) + self._decorator_instance_calls(key[0], fn)
                for record in fn.calls + wrappers + self._forward_hooks(key, fn):
                    inferred: Set[Key] = set()
                    by_name: Set[Key] = set()
                    for callee in self.resolve_call(key[0], fn, record, inferred, by_name):
                        if self._torch_compiles(callee) or (callee in by_name and key in self.guessed):
                            continue
                        if callee in by_name and callee not in self.compiled:
                            self.guessed.add(callee)
                        callees.append(callee)
                        weaker = _weaker(region.confidence, "inferred" if callee in inferred else "certain")
                        reached = Region(callee[1], region.entry, weaker, region.reached_via + (key[1],))
                        if weaker == confidence:
                            self._reach(callee, reached, queue, passed)
                        elif callee not in self.compiled and callee not in passed:
                            later[weaker].append((callee, reached))

    def _forward_hooks(self, key: Key, fn: FunctionFacts) -> List[Tuple[str, str]]:
        """Call records of the forward hooks that the __init__ of forward's class (or of a base class), or a method it
        calls on self at any depth, registers on the module or its submodules: dynamo runs them inline in the compiled
        forward. So do the hooks that a project function __init__ hands self to registers (`attach_lib(self)`, in any
        file), and those of a method __init__ never calls when the project calls it (`m.setup_hooks()` before
        compiling). A bound method `self.m` resolves on the instance; a function, named as the registering file
        resolves it, is spelled by its module so that it resolves from forward's file. A hook a factory makes
        (`self._make_hook(name)`) is the factory's closure: reached as a call of the factory when the factory only
        defines and returns it (its facts are then the closure's; other code of it runs once, at __init__)."""
        if not key[1].endswith(".forward") or fn.class_name is None:
            return []
        cls = self.index.lookup_class(key[0], fn.class_name)
        if cls is None:
            return []
        records = []
        called = self._called_on(cls)
        for owner in self.index.mro(cls):
            info = self.index.class_info(owner)
            hooks = [(owner[0], hook) for hook in info.hooks]
            hooks += [(owner[0], hook) for method, registered in info.method_hooks.items()
                      if method in called for hook in registered]
            for helper in info.hook_helpers:
                found = self.index.lookup(owner[0], helper)
                function = self.files[found[0]].functions.get(found[1]) if found is not None else None
                hooks += [(found[0], hook) for hook in function.hooks] if function is not None else []
            for where, hook in hooks:
                made = hook.endswith("()")
                record = self._hook_record(key[0], where, hook[:-2] if made else hook)
                if record is not None and (not made or self._makes_closure(key[0], fn, record)):
                    records.append(record)
        return records

    def _hook_record(self, path: str, where: str, hook: str) -> Optional[Tuple[str, str]]:
        """The call record, in file `path`, of a hook that file `where` registers (ClassInfo.hooks)."""
        if hook.startswith("self."):
            return "self", hook[len("self."):]
        if where == path:
            return "name", hook
        found = self.index.lookup(where, hook)
        module = self.files[found[0]].module if found is not None else ""
        return ("name", f"{module}.{found[1]}") if module else None

    def _called_on(self, cls: Key) -> Set[str]:
        """The methods of ClassInfo.method_hooks that project code calls on an instance of `cls` or of a subclass
        (`m = Net(); m.setup_hooks()`: the call record `Net().setup_hooks`)."""
        if self._methods_called_on is None:
            wanted = {method for facts in self.files.values() for info in facts.classes.values()
                      for method in info.method_hooks}
            self._methods_called_on = {}
            for path, facts in self.files.items():
                for fn in facts.functions.values() if wanted else ():
                    for kind, name in fn.calls:
                        receiver, _, method = name.rpartition(".")
                        if kind != "value" or method not in wanted:
                            continue
                        owner = self.index.lookup_class(path, fn.class_name) if fn.class_name else None
                        for value_kind, instance in self._evaluate(path, owner, receiver):
                            if value_kind == "instance":
                                self._methods_called_on.setdefault(instance, set()).add(method)
        return {method for c in (cls, *self.index.subclasses(cls)) for method in self._methods_called_on.get(c, ())}

    def _makes_closure(self, path: str, fn: FunctionFacts, record: Tuple[str, str]) -> bool:
        """The call reaches project functions, each of which only defines and returns a function."""
        targets = self.resolve_call(path, fn, record)
        return bool(targets) and all(target[1] != DISABLED_BINDING
                                     and self.files[target[0]].functions[target[1]].only_defines for target in targets)

    def _wrapper_self_calls(self, path: str, fn: FunctionFacts) -> List[Tuple[str, str]]:
        """A method's project decorators' wrappers' `self.m()` calls (transformers' `dynamic_rope_update` calls
        `self._dynamic_frequency_update(...)`): `self` is the decorated method's instance, so they resolve as the
        method's own calls would (the wrapper, a function of no class, cannot resolve them)."""
        if fn.class_name is None:
            return []
        records = []
        for name in fn.decorators:
            found = self.index.lookup(path, name) if self._decorator_function(path, name) else None
            if found is not None:
                records += [r for r in self.files[found[0]].functions[found[1]].calls if r[0] in ("self", "self_item")]
        return records

    def _decorator_instance_calls(self, path: str, fn: FunctionFacts) -> List[Tuple[str, str]]:
        """Call records of `Cls.__call__` for the project classes that decorate `fn` without arguments (`@traced` of
        `class traced: def __call__(self, *args)`): the function's name is bound to an instance of the class, so every
        call of it runs the instance's __call__ (tests/dynamo_cases/class_decorators.py)."""
        records = []
        for name in fn.bare_decorators:
            cls = self.index.lookup_class(path, name)
            if cls is not None and not self.is_module_class(*cls) and self.index.method(cls, "__call__") is not None:
                records.append(("name", f"{name}.__call__"))
        return records

    def _dispatch_overloads(self, found: List[Key]) -> List[Key]:
        """The overloads a `@functools.singledispatch` function's call may run (`@to_scalar.register(torch.Tensor)`
        on a def of the same file), or a `@functools.singledispatchmethod` method's (`@as_pads.register` on a method
        of the same class): dynamo traces the dispatch on the argument's type and runs the chosen one
        (tests/dynamo_cases/dispatch_overloads.py, dispatch_method_overloads.py); which one is not known here, so
        each is reached, inferred."""
        overloads = []
        for path, qualname in found:
            functions = self.files[path].functions
            fn = functions.get(qualname)
            if fn is None:
                continue
            if fn.class_name is None and SINGLE_DISPATCH in fn.decorators:
                register = f"{qualname}.register"
                overloads += [(path, other) for other, facts in functions.items() if register in facts.decorators]
            elif fn.class_name is not None and SINGLE_DISPATCH_METHOD in fn.decorators:
                register = f"{qualname.rpartition('.')[2]}.register"  # the class body's name of the method
                overloads += [(path, other) for other, facts in functions.items()
                              if facts.class_name == fn.class_name and register in facts.decorators]
        return overloads

    def _decorator_function(self, path: str, name: str) -> bool:
        """A decorator that is a function of the project (`@timed`, `@deprecate_kwarg("a", "b")`) and only defines
        and returns its wrapper: the wrapper runs on every call. Its facts are the wrapper's, since a nested def
        belongs to its function; a decorator with other code (run once, when it decorates) is not reached."""
        found = self.index.lookup(path, name)
        if found is None or self._torch_compiles(found):
            return False
        decorator = self.files[found[0]].functions.get(found[1])
        return decorator is not None and decorator.only_defines

    def _reach(self, key: Key, region: Region, queue: deque, passed: Set[Key]) -> None:
        if key[1] == DISABLED_BINDING or key in self.compiled or key in passed or self.numba_compiled(key):
            return
        how = self.disabled(key)
        if how == "recursive":
            return
        if how == "frame":
            passed.add(key)
        else:
            self.compiled[key] = region
        queue.append((key, region))

    # -- per-entry questions (the advice rules and inherited config patches) ---------------------------
    def entry_targets(self, path: str, target: str) -> List[Key]:
        """The functions a compile site's target (spelled as in facts.compile_sites: "f", "Net()") compiles."""
        instance = target.endswith("()")
        return self._targets(path, target[:-2] if instance else target, calling=False, instance=instance)

    def values(self, path: str, function: Optional[str], spelled: str) -> List[Value]:
        """What a value spelled in `function` of file `path` may be (facts: values), e.g. `SOLVERS[]()`."""
        fn = self.files[path].functions.get(function) if function else None
        cls = self.index.lookup_class(path, fn.class_name) if fn is not None and fn.class_name else None
        return self._evaluate(path, cls, spelled)

    def reach(self, keys: Iterable[Key]) -> Set[Key]:
        """These functions and the project functions they call, transitively. A disabled function is in it,
        its callees are not (they run outside the compiled frame); so is a function numba compiles."""
        seen: Set[Key] = set()
        queue = deque(keys)
        while queue:
            key = queue.popleft()
            if key in seen:
                continue
            seen.add(key)
            if key[1] == DISABLED_BINDING or self.disabled(key) or self.numba_compiled(key):
                continue
            if key not in self._reach_callees:
                fn = self.files[key[0]].functions[key[1]]
                self._reach_callees[key] = [callee for record in fn.calls + self._forward_hooks(key, fn)
                                            for callee in self.resolve_call(key[0], fn, record)]
            queue.extend(self._reach_callees[key])
        return seen

    def callers(self) -> Dict[Key, Set[Key]]:
        """Project function -> the project functions that call it (the call graph, reversed)."""
        found: Dict[Key, Set[Key]] = {}
        for path, facts in self.files.items():
            for qualname, fn in facts.functions.items():
                for record in fn.calls:
                    for callee in self.resolve_call(path, fn, record):
                        found.setdefault(callee, set()).add((path, qualname))
        return found

    def region_of(self, path: str, qualname: Optional[str]) -> Optional[Region]:
        if qualname is None:
            return None
        return self.compiled.get((path, qualname))


def _parameter_at(fn: FunctionFacts, where) -> Optional[str]:
    """The parameter of `fn` an argument at position `where` (an int) or keyword `where` binds; a method's first
    positional parameter is its instance or class, bound before the call."""
    if isinstance(where, str):
        return where if any(name == where for name, _, _ in fn.params) else None
    positional = [name for name, is_positional, _ in fn.params if is_positional]
    if fn.class_name is not None and positional and positional[0] in ("self", "cls"):
        positional = positional[1:]
    return positional[where] if where < len(positional) else None


def _weaker(first: str, second: str) -> str:
    return max(first, second, key=CONFIDENCES.index)


def _is_torch_module(base: str) -> bool:
    # torch.nn's private bases count too: monai's losses subclass `torch.nn.modules.loss._Loss`
    return base in MODULE_BASES or (base.startswith("torch.nn.") and base.rsplit(".", 1)[-1].lstrip("_")[:1].isupper())


def _matches_root(module: str, qualname: str, roots: Sequence[str]) -> bool:
    """`module:qualname` patterns (fnmatch on each side), or a pattern for the dotted `module.qualname`."""
    dotted_name = f"{module}.{qualname}" if module else qualname
    for pattern in roots:
        if ":" in pattern:
            module_pattern, _, name_pattern = pattern.partition(":")
            if fnmatch.fnmatchcase(module, module_pattern) and fnmatch.fnmatchcase(qualname, name_pattern):
                return True
        elif fnmatch.fnmatchcase(dotted_name, pattern):
            return True
    return False
