"""Instance attributes the whole project only ever sets to literals of one truth (`self.use_legacy = False`):
dynamo guards such an attribute as a constant and traces only the branch it decides, so a test on it
(`if self.use_legacy:`, `if self.pad_token_id is None:`) settles which branch is never traced.

The engine tags what lies under such a test with an attribute atom (engine.AttributeAtom): (ATOM, class, attribute,
claim), the claim being what every value stored in the attribute must be for the code to be dead: "truthy", "falsy",
"none" or "not-none". Only the texts of every project file (the linted ones and their context) can settle it: each
store of the attribute's name (`obj.name = ...`, augmented, annotated, unpacked, a loop or `with` target, `del`), a
class body binding the name (a class attribute, a method or property, an annotated field a constructor fills),
`self.name = p` in `__init__`, `p` a parameter with a literal default, counting as that default where every use of
the class in the project is a construction that leaves `p` out (`self.debug = debug` with `debug=False`),
`setattr` and the nn.Module registrations with that name. A store on `self` in a method sets the instances of that
method's class only: it counts where an instance of the reading class may be one (the class, a base, a common
subclass); a store on any other object always counts. A store we cannot read as a literal, and a store of a computed
name that may reach the attribute (`setattr(self, k, v)`, a written or handed-on `__dict__` / `vars()`), decide
nothing. Nor does an attribute of a class with a base outside the project but torch.nn.Module (that base may set it),
one of nn.Module's own (`training`), or a private one (`self.__x`, spelled `_Cls__x` elsewhere). The files are read
only when a finding carries such an atom: those that may hold a computed-name store first, smallest first (a store
of any name on any object, which big projects have, ends the search), then those that spell an attribute asked about.
"""

from __future__ import annotations

import ast
import fnmatch
import re
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Set, Tuple

from compilelint.guards import plain_atoms
from compilelint.index import FORMAT_FIELD, name_pattern, split_template
from compilelint.project import Key, ProjectIndex

ATOM = "attribute"
# bases whose instances start with no attribute the project does not set (besides those below)
ROOT_BASES = frozenset({"object", "torch.nn.Module", "torch.nn.modules.module.Module"})
# what nn.Module's own methods set on an instance (`training` in train()/eval(), the rest in __init__ and compile())
MODULE_ATTRIBUTES = frozenset(
    "training _parameters _buffers _non_persistent_buffers_set _backward_pre_hooks _backward_hooks "
    "_is_full_backward_hook _forward_hooks _forward_hooks_with_kwargs _forward_hooks_always_called _forward_pre_hooks "
    "_forward_pre_hooks_with_kwargs _state_dict_hooks _state_dict_pre_hooks _load_state_dict_pre_hooks "
    "_load_state_dict_post_hooks _modules _compiled_call_impl call_super_init dump_patches".split())
# what reads an object's namespace (`obj.__dict__.get(k)`, `vars(args).items()`) without writing it
_NAMESPACE_READS = frozenset({"get", "items", "keys", "values", "copy"})
# calls that set an attribute they name (_name_argument)
_NAMING_CALLS = frozenset({"setattr", "__setattr__", "register_buffer", "register_parameter", "add_module",
                           "register_module"})
# what a file that may set an attribute under a computed name spells (a cheap test: substrings)
_DYNAMIC_WORDS = ("setattr", "__dict__", "vars", "register_", "add_module")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
UNKNOWN = object()  # a stored value that is no literal we read
DYNAMIC = "*"  # a glob of every name: a store whose name we cannot read


class ConstantAttributes:
    def __init__(self, paths: List[str], text: Callable[[str], str], index: ProjectIndex, names: Set[str]) -> None:
        """`paths`: every project file, `text`: the source of one; `index`: the project's classes; `names`: the
        attributes the findings ask about, all settled when the first is asked."""
        self.paths = paths
        self.text = text
        self.index = index
        self.names = {name for name in names if not _undecidable(name)}  # no file need be read for the others
        self._values: Optional[Dict[str, object]] = None
        self._computed: List[Tuple[str, Optional[Key]]] = []
        self._classes: Dict[Key, bool] = {}

    def any_decided(self, path: str, atoms: Iterable[tuple]) -> bool:
        """Whether one of a finding's hole atoms is an attribute atom that holds: the branch is never traced."""
        return any(_is_attribute_atom(atom) and self.holds(path, atom[1], atom[2], atom[3]) for atom in atoms)

    def holds(self, path: str, owner: str, attribute: str, claim: str) -> bool:
        key = (path, owner)
        instances = [key] + self.index.subclasses(key)  # the classes an instance of `key` may be
        if _undecidable(attribute) or not all(self._closed_class(cls) for cls in instances):
            return False
        values = [value for value, scope in self.values().get(attribute, ())
                  if scope is None or any(scope in self.index.mro(cls) for cls in instances)]
        if not values or UNKNOWN in values or any(
                fnmatch.fnmatchcase(attribute, glob) and (scope is None or any(scope in self.index.mro(cls)
                                                                               for cls in instances))
                for glob, scope in self._computed):
            return False
        if claim == "none":
            return all(value is None for value in values)
        if claim == "not-none":
            return all(value is not None for value in values)
        return all(bool(value) is (claim == "truthy") for value in values)

    def _closed_class(self, key: Key) -> bool:
        """The class and its bases are the project's, down to nn.Module or object, and none looks attributes up
        itself: no code we cannot read sets attributes of its instances or answers for them."""
        if key not in self._classes:
            self._classes[key] = False  # a cycle of bases proves nothing
            info = self.index.class_info(key)
            # a class's own attribute lookup may answer for attributes no store sets
            looks_up = info is None or bool({"__getattr__", "__getattribute__"} & set(info.methods))
            self._classes[key] = not looks_up and all(
                base in ROOT_BASES or (found is not None and self._closed_class(found))
                for base, found in ((base, self.index.lookup_class(key[0], base)) for base in info.bases))
        return self._classes[key]

    def values(self) -> Dict[str, List[Tuple[object, Optional[Key]]]]:
        """Each attribute asked about -> what the project stores in it: (a literal or UNKNOWN, the class whose
        instances the store sets, None: any object); the stores of computed names (self._computed: glob, class or
        None) first. A store of any name on any object decides nothing: big projects have one, and the files that
        may hold one are read smallest first, so that the search ends soon."""
        if self._values is None:
            computed: Set[Tuple[str, Optional[Key]]] = set()
            found: Dict[str, List[Tuple[object, Optional[Key]]]] = {name: [] for name in self.names}
            dynamic = sorted((len(text), path) for path, text in self._texts()
                             if any(word in text for word in _DYNAMIC_WORDS))
            for _size, path in dynamic:
                tree = _parsed(self.text(path))
                if tree is not None:
                    computed |= {(glob, None if cls is None else (path, cls))
                                 for glob, cls in _computed_names(tree, _own_self_nodes(tree))}
                if (DYNAMIC, None) in computed:
                    self._values = {name: [(UNKNOWN, None)] for name in self.names}
                    return self._values
            for path, text in self._texts():
                here = self.names & set(_IDENTIFIER.findall(text))
                tree = _parsed(text) if here else None
                if tree is not None:
                    for name, stores in _stores(tree, here, _own_self_nodes(tree)).items():
                        found[name] += [(value, None if cls is None else (path, cls)) for value, cls in stores]
            settled: Dict[Tuple[str, str, str], bool] = {}
            for stores in found.values():
                stores[:] = [(self._default(cls[0], value, settled) if type(value) is DefaultStore else value, cls)
                             for value, cls in stores]
            self._values, self._computed = found, sorted(computed, key=repr)
        return self._values

    def _default(self, defined: str, store: DefaultStore, settled: Dict[Tuple[str, str, str], bool]) -> object:
        """The default a parameter store keeps (the class defined in file `defined`): every use of the class's name
        that may be the class is a call, one at least, and none passes the parameter (by position, by keyword, or
        maybe, through `*args` / `**kwargs`)."""
        key = (defined, store.cls, store.param)
        if key not in settled:
            calls = []
            pattern = re.compile(rf"\b{store.cls}\b")
            for path, text in self._texts():
                tree = _parsed(text) if pattern.search(text) else None
                uses = _name_uses(tree, store.cls, path == defined) if tree is not None else []
                if None in uses:
                    calls = []
                    break
                calls += uses
            settled[key] = bool(calls) and not any(_passes(call, store.param, store.position) for call in calls)
        return store.default if settled[key] else UNKNOWN

    def _texts(self) -> Iterator[Tuple[str, str]]:
        for path in self.paths:
            yield path, self.text(path)


def asked_attributes(atom_lists: Iterable[Iterable[tuple]]) -> Set[str]:
    """The attributes that the attribute atoms among these hole atoms (Candidate.unless_guards) test."""
    return {atom[2] for atoms in atom_lists for atom in plain_atoms(atoms) if _is_attribute_atom(atom)}


def _is_attribute_atom(atom: tuple) -> bool:
    return len(atom) == 4 and atom[0] == ATOM


def _undecidable(attribute: str) -> bool:
    """nn.Module's own attributes (`training`) and private ones (`self.__flag` is stored as `_Owner__flag`: other
    classes spell it so): no store we read settles them."""
    return attribute in MODULE_ATTRIBUTES or attribute.startswith("__") and not attribute.endswith("__")


def _name_uses(tree: ast.Module, name: str, defining: bool) -> List[Optional[ast.Call]]:
    """Each use of class `name` in the module (`defining`: the one defining it; another defining a class or function
    of that name means its own by the bare name): the call where it is called, None where it is used otherwise
    (handed on, a base class, rebound, imported under another name)."""
    called = {id(node.func): node for node in ast.walk(tree) if type(node) is ast.Call}
    bare = defining or not any(type(node) in (ast.ClassDef, ast.FunctionDef) and node.name == name
                               for node in tree.body)
    uses: List[Optional[ast.Call]] = []
    for node in ast.walk(tree):
        tp = type(node)
        if tp is ast.Name and node.id == name and bare or tp is ast.Attribute and node.attr == name:
            uses.append(called.get(id(node)) if type(node.ctx) is ast.Load else None)
        elif tp is ast.alias and node.name.rpartition(".")[2] == name and node.asname not in (None, name):
            uses.append(None)
    return uses


def _passes(call: ast.Call, param: str, position: Optional[int]) -> bool:
    """Whether the call may pass the parameter (at `position` among those after `self`, None: keyword only)."""
    return any(type(a) is ast.Starred for a in call.args) or position is not None and len(call.args) > position \
        or any(k.arg in (None, param) for k in call.keywords)


def _parsed(text: str) -> Optional[ast.Module]:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None  # a file that does not parse sets nothing when the project runs


def _literal(value: ast.AST) -> object:
    """The value of a literal dynamo guards as a constant: a bool, None, a number or a string."""
    if type(value) is ast.Constant and type(value.value) in (bool, int, float, str, type(None)):
        return value.value
    return UNKNOWN


Store = Tuple[object, Optional[str]]  # a literal or UNKNOWN; the class whose instances it sets, or None: any object


def _stores(tree: ast.Module, names: Set[str], own: Dict[int, Tuple[str, str]]) -> Dict[str, List[Store]]:
    """What the file stores in attributes of these names: (the literal a plain assignment gives, else UNKNOWN; the
    class whose instances the store sets, as _scope tells, or None for any object)."""
    literal_of: Dict[int, object] = {}  # targets of assignments of a literal, by id
    targets: List[ast.Attribute] = []
    out: Dict[str, List[Store]] = {name: [] for name in names}
    top_level = {id(node) for node in tree.body}
    defaults = _parameter_defaults(tree, own)
    for node in ast.walk(tree):
        tp = type(node)
        if tp is ast.Assign or tp is ast.AnnAssign and node.value is not None:
            value = _literal(node.value)
            if value is not UNKNOWN:
                targets_of = node.targets if tp is ast.Assign else [node.target]
                literal_of.update((id(target), value) for target in targets_of)
        elif tp is ast.Attribute:
            if node.attr in names and type(node.ctx) is not ast.Load:
                targets.append(node)  # assigned, augmented, unpacked, a loop or `with` target, deleted
        elif tp is ast.ClassDef:
            scope = node.name if id(node) in top_level else None
            for statement in node.body:
                for name, value in _class_bindings(statement, names):
                    out[name].append((value, scope))
        elif tp is ast.Call:
            argument = _name_argument(node)
            name = _literal(argument) if argument is not None else None
            if name in names:
                setattr_value = node.args[2] if _call_name(node) == "setattr" and len(node.args) == 3 else None
                out[name].append((UNKNOWN if setattr_value is None else _literal(setattr_value),
                                  _scope(_receiver(node), own)))
    for target in targets:
        value = literal_of.get(id(target), UNKNOWN)
        scope = _scope(target.value, own)
        if value is UNKNOWN and scope is not None:
            value = defaults.get(id(target), UNKNOWN)
        out[target.attr].append((value, scope))
    return out


class DefaultStore:
    """`self.flag = flag` in `cls.__init__`, `flag` a parameter with a literal default it keeps there: the stored value
    is `default` wherever no construction of `cls` passes that parameter (ConstantAttributes._default)."""

    def __init__(self, cls: str, param: str, position: Optional[int], default: object) -> None:
        self.cls, self.param, self.position, self.default = cls, param, position, default


def _parameter_defaults(tree: ast.Module, own: Dict[int, Tuple[str, str]]) -> Dict[int, DefaultStore]:
    """The targets of `self.x = p` in the `__init__` of the module's classes, `p` a parameter with a literal default
    that the method never rebinds, by id."""
    out: Dict[int, DefaultStore] = {}
    for cls in tree.body:
        init = next((m for m in cls.body if type(m) is ast.FunctionDef and m.name == "__init__"), None) \
            if type(cls) is ast.ClassDef else None
        if init is None or init.decorator_list or not init.args.args:
            continue
        arguments = init.args
        positional = arguments.posonlyargs + arguments.args
        defaults: Dict[str, Tuple[Optional[int], object]] = {
            a.arg: (positional.index(a) - 1, _literal(d))
            for a, d in zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults)}
        defaults.update((a.arg, (None, _literal(d))) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults)
                        if d is not None)
        rebound = {n.id for n in ast.walk(init) if type(n) is ast.Name and type(n.ctx) is not ast.Load}
        for node in ast.walk(init):
            if type(node) is ast.Assign and type(node.value) is ast.Name and node.value.id in defaults \
                    and node.value.id not in rebound and defaults[node.value.id][1] is not UNKNOWN:
                position, default = defaults[node.value.id]
                out.update((id(t), DefaultStore(cls.name, node.value.id, position, default)) for t in node.targets
                           if type(t) is ast.Attribute and type(t.value) is ast.Name
                           and own.get(id(t.value), (None,))[0] == t.value.id)
    return out


def _scope(receiver: Optional[ast.AST], own: Dict[int, Tuple[str, str]]) -> Optional[str]:
    """The class whose instances a store on `receiver` sets: the class of the method whose `self` (or `super()`) it
    is; None for any other object."""
    scope = own.get(id(receiver))
    if scope is not None and (type(receiver) is ast.Name and receiver.id == scope[0] or _is_super(receiver)):
        return scope[1]
    return None


def _class_bindings(statement: ast.stmt, names: Set[str]) -> List[Tuple[str, object]]:
    """The names of `names` a statement of a class body binds, and the value: the literal a plain assignment gives;
    UNKNOWN for anything else (a method, a property, an annotated field a dataclass's constructor fills, an import,
    a loop target)."""
    tp = type(statement)
    if tp in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
        return [(statement.name, UNKNOWN)] if statement.name in names else []
    if tp is ast.Assign and all(type(t) is ast.Name for t in statement.targets):
        return [(t.id, _literal(statement.value)) for t in statement.targets if t.id in names]
    if tp in (ast.Import, ast.ImportFrom):
        bound = ((a.asname or a.name.split(".")[0]) for a in statement.names)
        return [(name, UNKNOWN) for name in bound if name in names]
    return [(n.id, UNKNOWN) for n in ast.walk(statement)
            if type(n) is ast.Name and n.id in names and type(n.ctx) is not ast.Load]


def _call_name(call: ast.Call) -> Optional[str]:
    func = call.func
    return func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None


def _name_argument(call: ast.Call) -> Optional[ast.AST]:
    """The argument naming the attribute a call sets (`setattr(m, NAME, v)`, `register_buffer(NAME, t)`,
    `object.__setattr__(self, NAME, v)`), None for other calls; a starred argument stands for an unknown name."""
    name = _call_name(call)
    if name not in _NAMING_CALLS:
        return None
    position = 1 if name == "setattr" or name == "__setattr__" and len(call.args) >= 3 else 0
    if any(type(a) is ast.Starred for a in call.args[:position + 1]):
        return call.args[0]
    if len(call.args) > position:
        return call.args[position]
    keyword = next((k.value for k in call.keywords if k.arg in ("name", None)), None)
    return keyword if keyword is not None else call


def _computed_names(tree: ast.Module, own: Dict[int, Tuple[str, str]]) -> Set[Tuple[str, Optional[str]]]:
    """Where a file's stores may compute the name they set: (glob of the names, the class whose instances they set
    or None for any object). `setattr(self, k, v)` in a method of class Config sets Config's instances only;
    `setattr(m, f"layer{i}", v)` names matching "layer*" only; a namespace written or handed on
    (`obj.__dict__.update(...)`, `state = vars(obj)`) or a name we cannot read any name (DYNAMIC)."""
    found: Set[Tuple[str, Optional[str]]] = set()
    nodes = list(ast.walk(tree))
    read = set()  # namespaces only read where they are spelled
    for node in nodes:
        tp = type(node)
        if tp is ast.Attribute and node.attr in _NAMESPACE_READS or tp is ast.Subscript and type(node.ctx) is ast.Load:
            read.add(id(node.value))
        elif tp is ast.Compare and type(node.ops[0]) in (ast.In, ast.NotIn):
            read.add(id(node.comparators[0]))
        elif tp is ast.comprehension or tp is ast.For:
            read.add(id(node.iter))
    for node in nodes:
        tp = type(node)
        if tp is ast.Attribute or tp is ast.Call:
            receiver = _namespace_of(node)
            if receiver is not None:
                if id(node) not in read:  # written, or handed on (`d = vars(obj)`): may be written
                    found.add((DYNAMIC, _scope(receiver, own)))
                continue
        if tp is ast.Call:
            argument = _name_argument(node)
            if argument is None or type(_literal(argument)) is str:
                continue
            found.add((name_pattern(_template(argument)) or DYNAMIC, _scope(_receiver(node), own)))
    return found


def _own_self_nodes(tree: ast.Module) -> Dict[int, Tuple[str, str]]:
    """The nodes of the methods of the module's classes, outside nested functions: id -> (the name of the method's
    first parameter, the class). There `self` (and `super()`) is the instance the method was called on."""
    out: Dict[int, Tuple[str, str]] = {}
    for cls in tree.body:
        if type(cls) is not ast.ClassDef:
            continue
        for method in cls.body:
            if type(method) not in (ast.FunctionDef, ast.AsyncFunctionDef) or not method.args.args \
                    or method.decorator_list:
                continue
            scope = (method.args.args[0].arg, cls.name)
            stack: List[ast.AST] = list(method.body)
            while stack:
                node = stack.pop()
                out[id(node)] = scope
                stack += [child for child in ast.iter_child_nodes(node)
                          if type(child) not in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)]
    return out


def _receiver(call: ast.Call) -> Optional[ast.AST]:
    """The object whose attribute a naming call sets: `setattr(obj, ...)`, `object.__setattr__(obj, ...)`,
    `obj.register_buffer(...)`; a `super()` call stands for the method's instance."""
    if _call_name(call) == "setattr" or type(call.func) is ast.Attribute and call.func.attr == "__setattr__" \
            and len(call.args) >= 3:
        return call.args[0] if call.args else None
    if type(call.func) is ast.Attribute:
        value = call.func.value
        return value if type(value) is ast.Name or _is_super(value) else None
    return None


def _is_super(expr: ast.AST) -> bool:
    return type(expr) is ast.Call and type(expr.func) is ast.Name and expr.func.id == "super"


def _namespace_of(expr: ast.AST) -> Optional[ast.AST]:
    """The object of `obj.__dict__` or `vars(obj)` (its attributes as a dict), None for any other expression."""
    if type(expr) is ast.Attribute and expr.attr == "__dict__":
        return expr.value
    if type(expr) is ast.Call and type(expr.func) is ast.Name and expr.func.id == "vars" and len(expr.args) == 1:
        return expr.args[0]
    return None


def _template(expr: ast.AST) -> Optional[List[Optional[str]]]:
    """The literal parts of a name spelled as an f-string or a `.format` template (None for each field)."""
    if type(expr) is ast.JoinedStr:
        return [part.value if type(part) is ast.Constant else None for part in expr.values]
    if type(expr) is ast.Call and type(expr.func) is ast.Attribute and expr.func.attr == "format" \
            and type(expr.func.value) is ast.Constant and type(expr.func.value.value) is str:
        return split_template(expr.func.value.value, FORMAT_FIELD)
    return None
