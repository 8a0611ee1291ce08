"""Tensor facts across functions and files, decided once every file is walked.

The walk of one file knows what a helper defined further down, or in another file, returns, and what a
function's callers pass it, only as facts to decide later (tensors.Maybe atoms). Each file's facts carry
per-function summaries (facts.FunctionFacts: parameters, when the return is a tensor, what each call
of a possible project function passes). Here, with the compiled regions known, the atoms are solved
together to their least fixpoint (recursion proves nothing):

  ("param", f, p)            every resolved call of f in compiled code passes a tensor for p, or f is
                             an entry point (torch.compile(f), compiled-roots) and p one of its inputs
  ("passed", f, p)           as "param", but an entry point's own input (compiled-roots, torch.compile(f)) is no
                             tensor: only what compiled code passes (a forward's inputs among it), handed on as far
                             as it goes
  ("computed", f, p)         every call of f in the project, compiled or not, passes p a tensor it computes (or
                             such a parameter of its own): not an input only assumed a tensor
  ("return", g, kind, name)  every function the call record (kind, name) made in g reaches returns a tensor
  ("item", g, kind, name, i, n)  ... returns an n-tuple display whose item i is a tensor (`a, b = h(x)` in g);
                             n None: a tuple display of any length with an item i (`h(x)[1]`)
  ("mask", g, kind, name)    ... returns a boolean tensor (every return a comparison of tensors: `x[~h(x)]` in g)
  ("generator", f, p)        some resolved call of f in compiled code passes p a torch.Generator it makes
  ("iterator", f, p)         ... passes p a Python generator it makes (`(t for t in ts)`, `self.parameters()`)
  ("numpy", f, p)            every call of f in the project passes p a numpy scalar (an element of np.linspace(...)),
                             or such a parameter of its own, handed on; f an __init__: the class holds it (ClassInfo.
                             param_attrs)
  ("alias", name)            the project module `name` names binds it to torch's tensor type (`LongTensorType =
                             torch.Tensor` in torchbiggraph.types, read as same-file aliases are: index.AliasTable)
  ("attr", C, x)             class C (of this file, or qualified: one it imports), its project base classes and its
                             subclasses store attribute x somewhere, and every store is a tensor by strong evidence
                             (facts.ClassInfo.stored_tensors)

Unknown stays unknown: a call we cannot map to the parameters (`*args`, a function handed on, a call
through `functools.partial`) makes the parameter unknown; a function with no resolved compiled caller
proves nothing about its parameters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Dict, Iterable, List, Optional, Set, Tuple, Union

from compilelint.facts import FunctionFacts, fits_items
from compilelint.project import Key
from compilelint.regions import ProjectRegions
from compilelint.tensor_names import annotation_names_tensor

if TYPE_CHECKING:
    from compilelint.attributes import ConstantAttributes

Fact = Tuple[str, tuple]  # (path, atom)
# how a call's arguments map to the parameters: "plain" f(a), "bound" obj.m(a) (self is not passed),
# "apply" Fn.apply(a) (the forward of a torch.autograd.Function: its ctx is not passed),
# "opaque" (through an alias or partial, or a callable attribute: the mapping is unknown)
Site = Tuple[str, str, tuple, str]  # (caller path, caller qualname, call_args entry, mapping)


class TensorFacts:
    def __init__(self, regions: ProjectRegions,
                 attributes: Optional[Callable[[], "ConstantAttributes"]] = None) -> None:
        """`attributes`: the project's constant attributes, for the arguments that pass one (`self.max_nodes`)."""
        self.regions = regions
        self.attributes = attributes
        self.files = regions.files
        self.index = regions.index
        self._holds: Dict[Fact, bool] = {}
        self._callers: Optional[Dict[Key, List[Site]]] = None
        self._given: Dict[Tuple[Key, str], bool] = {}
        self._entries: Optional[Set[Key]] = None
        # ("computed", f, p) -> its call sites' formulas: scanning the project's calls once per fact, not per round
        self._computed: Dict[Fact, Optional[List[Tuple[str, tuple]]]] = {}

    def solve(self, wanted: Iterable[Tuple[str, tuple]]) -> None:
        """Decide every atom the (path, formula) pairs depend on, transitively: start from "no" and
        re-evaluate until nothing changes (every rule is monotone, so this is the least fixpoint)."""
        pending = [(path, atom) for path, formula in wanted for term in formula for atom in term]
        facts: List[Fact] = []
        seen: Set[Fact] = set()
        while pending:
            fact = pending.pop()
            if fact in seen or fact in self._holds:
                continue
            seen.add(fact)
            facts.append(fact)
            pending += self._dependencies(fact)
        for fact in facts:
            self._holds[fact] = False
        changed = True
        while changed:
            changed = False
            for fact in facts:
                if not self._holds[fact] and self._evaluate(fact):
                    self._holds[fact] = changed = True

    def holds(self, path: str, formula: tuple) -> bool:
        return any(all(self._holds.get((path, atom), False) for atom in term) for term in formula)

    def holds_in(self, path: str, function: Optional[str], formula: tuple) -> bool:
        """`holds` for a finding of `function` on its own parameters: one of them is a tensor there when some
        compiled call passes a tensor it computes (not a parameter of its own, only assumed one) and none passes a
        known non-tensor, since dynamo breaks in that call. What is derived from the parameter elsewhere (returns,
        calls passing it on) keeps needing every call."""
        return any(all(self._holds.get((path, atom), False)
                       or atom[0] in ("param", "passed") and atom[1] == function
                       and self._passed_somewhere((path, function), atom[2]) for atom in term) for term in formula)

    def _passed_somewhere(self, key: Key, name: str) -> bool:
        fn = self._function(key)
        if fn is None:
            return False
        kinds = {_known_kind(fn, name, len(positional), keywords, opaque, known, mapping)
                 for _path, _caller, (_record, positional, keywords, opaque, _given, known), mapping in
                 self._call_sites().get(key, [])}
        return "tensor" in kinds and "plain" not in kinds

    # -- one atom ------------------------------------------------------------------------------------
    def _dependencies(self, fact: Fact) -> List[Fact]:
        if fact[1][0] == "alias":
            return []
        if fact[1][0] in ("computed", "numpy"):
            return [(where, atom) for where, formula in self._computed_sites(fact) or () for term in formula
                    for atom in term]
        return [(where, atom) for where, formula in self._formulas(fact) or () for term in formula for atom in term]

    def _evaluate(self, fact: Fact) -> bool:
        if fact[1][0] in ("generator", "iterator"):
            return self._passed_made(fact)
        if fact[1][0] == "attr":
            return self._stored_tensor(fact[0], *fact[1][1:])
        if fact[1][0] == "alias":
            return annotation_names_tensor(self.index.binding(fact[1][1]))
        if fact[1][0] in ("computed", "numpy"):
            sites = self._computed_sites(fact)
            return bool(sites) and all(self.holds(where, formula) for where, formula in sites)
        formulas = self._formulas(fact)
        return formulas is not None and all(self.holds(where, formula) for where, formula in formulas)

    def _stored_tensor(self, path: str, cls: str, attr: str) -> bool:
        """("attr", C, x): the classes an instance of C may be, and those whose methods it runs, store x, each only as
        a tensor (a base class of another file sets the tables its subclasses' steps read)."""
        key = self.index.lookup_class(path, cls)  # a class of this file, or one it imports (`pkg.data.Batch`)
        if key is None:
            return False
        mro = [info for info in map(self.index.class_info, self.index.mro(key)) if info is not None]
        related = mro + [info for info in map(self.index.class_info, self.index.subclasses(key)) if info is not None]
        stored = [info.stored_tensors[attr] for info in related if attr in info.stored_tensors]
        # stored only as a tensor, or declared one (`n_node: torch.Tensor`, a NamedTuple's field) and never stored else
        return all(stored) and (bool(stored) or any(attr in info.tensor_attrs for info in mro))

    def _passed_made(self, fact: Fact) -> bool:
        """("generator", f, p): some compiled call of f passes p a torch.Generator it makes (engine._summarize_call);
        dynamo breaks in that call where f hands it to an op. ("iterator", f, p): a Python generator, likewise."""
        path, (made, function, name) = fact
        fn = self._function((path, function))
        return fn is not None and any(
            dict(known).get(_where_passed(fn, name, len(positional), keywords, opaque, mapping)) == made
            for _path, _caller, (_record, positional, keywords, opaque, _given, known), mapping
            in self._call_sites().get((path, function), []))

    def _computed_sites(self, fact: Fact) -> Optional[List[Tuple[str, tuple]]]:
        """("computed", f, p): every call of f in the project passes p a tensor it computes, or such a parameter of
        its own: as (caller path, when what it passes is such a tensor) per call; None when a call passes a number,
        leaves p out, hands on an input only assumed a tensor, or passes what we cannot tell."""
        if fact not in self._computed:
            self._computed[fact] = self._scan_numpy_sites(fact) if fact[1][0] == "numpy" \
                else self._scan_computed_sites(fact)
        return self._computed[fact]

    def _scan_computed_sites(self, fact: Fact) -> Optional[List[Tuple[str, tuple]]]:
        path, (_, function, name) = fact
        fn = self._function((path, function))
        if fn is None:
            return None
        out = []
        for caller_path, caller, (_record, positional, keywords, opaque, _given, known), mapping in \
                self._project_call_sites(path, function):
            kind = _known_kind(fn, name, len(positional), keywords, opaque, known, mapping)
            if kind == "tensor":
                out.append((caller_path, ((),)))  # always
                continue
            handed_on = _float_handed_on(fn, name, len(positional), keywords, opaque, known, mapping)
            if handed_on is not None:  # `self.get_sigmas(sigma, sigma_next)` from a step given `sigmas[i]`
                out.append((caller_path, ((("computed", caller, handed_on),),)))
                continue
            passed = _argument(fn, name, positional, keywords, mapping, opaque)
            if kind == "plain" or not passed or passed == ((),):  # ALWAYS here: an input only assumed a tensor
                return None
            if len(passed) == 1 and len(passed[0]) == 1 and passed[0][0][:2] == ("param", caller):
                out.append((caller_path, ((("computed", caller, passed[0][0][2]),),)))  # handed on
            else:
                out.append((caller_path, passed))
        return out

    def _scan_numpy_sites(self, fact: Fact) -> Optional[List[Tuple[str, tuple]]]:
        """("numpy", f, p): per call of f in the project, (caller path, when it passes a numpy scalar); None when a
        call passes anything else, leaves p out or cannot be mapped."""
        path, (_, function, name) = fact
        fn = self._function((path, function))
        owner = function.rpartition(".")[0]
        if fn is None or owner not in self.files[path].classes or self.index.subclasses((path, owner)):
            return None  # a subclass's construction runs the __init__ under another name
        out = []
        for caller_path, caller, (_record, positional, keywords, opaque, _given, known), mapping in \
                self._project_call_sites(path, function, constructions=True):
            status = _numpy_status(fn, name, len(positional), keywords, opaque, known, mapping)
            if status is None:
                return None
            out.append((caller_path, ((),) if status == "numpy"
                        else (((("numpy", caller, status[len("numpy:"):]),),))))
        return out

    def _formulas(self, fact: Fact) -> Optional[List[Tuple[str, tuple]]]:
        """The (path, formula) pairs that must all hold for the fact, or None when it cannot hold."""
        path, atom = fact
        if atom[0] in ("return", "item", "mask"):
            caller, kind, name = atom[1:4]
            fn = self.files[path].functions.get(caller)
            targets = self.regions.resolve_call(path, fn, (kind, name)) if fn is not None else []
            functions = [self._function(t) for t in targets]
            if not targets or None in functions:
                return None
            # an abstract stub returns nothing: its overrides decide (where there is one)
            concrete = [(t, f) for t, f in zip(targets, functions) if not f.only_raises]
            if concrete:
                targets, functions = [t for t, _ in concrete], [f for _, f in concrete]
            if atom[0] == "return":
                returned = [f.returns for f in functions]
            elif atom[0] == "mask":
                returned = [f.returns_mask for f in functions]
            else:
                index, count = atom[4:]  # count None: item `index` of a tuple of any length (`h(x)[1]`)
                if not all(fits_items(f.return_items, count, index) for f in functions):
                    return None
                returned = [f.return_items[index] for f in functions]
            out = []
            for t, f, formula in zip(targets, functions, returned):
                out += self._handed_back(path, fn, (kind, name), t, f, formula) or [(t[0], formula)]
            return out
        if atom[0] == "lambda":
            return self._lambda_formulas(path, *atom[1:])
        if atom[0] in ("param", "passed"):
            _, function, name = atom
            key = (path, function)
            fn = self._function(key)
            sites = self._call_sites().get(key, [])
            region = self.regions.region_of(path, function)
            if fn is None or region is None:
                return None
            if region.confidence == "certain" and not region.reached_via and _takes_input(fn, name) \
                    and not self._declared_instance(path, fn, name):
                # an entry point (torch.compile(f), compiled-roots): called with the inputs, unless compiled code
                # that also calls it passes a known non-tensor there (a sampler's loop counter to a helper the
                # roots name too): then it is not always a tensor; "passed" takes no such input for one
                return None if atom[0] == "passed" or _passed_plain(fn, sites, name) else []
            if not sites:
                return None
            out = []
            for caller_path, caller, (_record, positional, keywords, opaque, _given, known), mapping in sites:
                passed = _argument(fn, name, positional, keywords, mapping, opaque)
                if passed is None:
                    return None
                if atom[0] == "passed":  # the caller's own parameters handed on are asked the same question
                    passed = tuple(sorted(tuple(sorted(("passed",) + a[1:] if a[:2] == ("param", caller) else a
                                                       for a in term)) for term in passed))
                if passed == ((),) and name in fn.size_params \
                        and _known_kind(fn, name, len(positional), keywords, opaque, known, mapping) != "tensor":
                    # a size of f's own body (`H, W = hw_shape` sizing `x.view(B, H, W, C)`) that the caller hands
                    # on from its own forward's inputs, only assumed a tensor: as often the tuple of ints
                    return None
                out.append((caller_path, passed))
            return out
        return None

    def _declared_instance(self, path: str, fn: FunctionFacts, name: str) -> bool:
        """The parameter is annotated with a project class that no tensor type is a base of (`mode: Mode`, an
        enum): an entry point is called with such an instance there, not with a tensor."""
        declared = fn.param_classes.get(name)
        key = self.index.lookup_class(path, declared) if declared else None
        if key is None:
            return False
        bases = (base for cls in self.index.mro(key) for base in self.index.class_info(cls).bases)
        return not any(annotation_names_tensor(base) for base in bases)

    def _handed_back(self, path: str, fn: FunctionFacts, record: Tuple[str, str], target: Key,
                     callee: FunctionFacts, returned: tuple) -> Optional[List[Tuple[str, tuple]]]:
        """When what the callee returns is a tensor exactly when one of its parameters is (`return x, t_span`,
        `return t.to(x)`): what the caller's calls of it pass there, whatever other callers pass."""
        if len(returned) != 1 or len(returned[0]) != 1 or returned[0][0][:2] != ("param", target[1]):
            return None
        mapping = next((m for t, m in self._targets(path, fn, record) if t == target), "opaque")
        out = []
        for called, positional, keywords, opaque, _given, _known in fn.call_args:
            if called == record:
                passed = _argument(callee, returned[0][0][2], positional, keywords, mapping, opaque)
                if passed is None:
                    return None
                out.append((path, passed))
        return out or None

    # -- parameters every compiled call passes -----------------------------------------------------------
    def any_given(self, path: str, atoms) -> bool:
        """Whether one of a finding's hole atoms is a parameter every compiled call passes a value that is never
        None (engine.GivenAtom): the `p is None` branch it lies in is never traced."""
        return any(len(atom) == 3 and (atom[0] == "given" and self.given((path, atom[1]), atom[2])
                                       or atom[0] == "absent" and self.absent((path, atom[1]), atom[2])
                                       or atom[0] == "unpassed" and self.unpassed((path, atom[1]), atom[2]))
                   for atom in atoms)

    def unpassed(self, key: Key, name: str) -> bool:
        """No known compiled call of function `key` passes parameter `name`: `absent`, or its callers are unknown
        (an entry point, a forward no compiled code calls but itself, a function handed on)."""
        return not self._entered_from(key) or key in self._entry_keys() or self.absent(key, name)

    def given(self, key: Key, name: str) -> bool:
        """Every resolved call of function `key` in compiled code passes parameter `name` a value that is never
        None: a literal, an operation, a tensor's size, a parameter of the caller that is itself given, or an
        attribute of the calling method's instance that the project stores only literals other than None in. A
        function compiled on its own (called from eager code with anything), one without compiled callers and one
        handed on are never given; recursion proves nothing."""
        if (key, name) in self._given:
            return self._given[(key, name)]
        self._given[(key, name)] = False
        fn = self._function(key)
        sites = self._call_sites().get(key, [])
        if fn is None or not sites or key in self._entry_keys() or self.regions.region_of(*key) is None:
            return False
        for _caller_path, caller, (_record, positional, keywords, opaque, given, _known), mapping in sites:
            status = _given_status(fn, name, len(positional), keywords, opaque, given, mapping)
            if status is None or status and not (self._attribute_given(_caller_path, caller, status)
                                                  if status.startswith("self.")
                                                  else self.given((_caller_path, caller), status)):
                return False
        self._given[(key, name)] = True
        return True

    def _attribute_given(self, path: str, caller: str, status: str) -> bool:
        """The caller, a method, passes `self.NAME`: the project stores only literals other than None there."""
        fn = self._function((path, caller))
        return self.attributes is not None and fn is not None and fn.class_name is not None \
            and self.attributes().holds(path, fn.class_name, status[len("self."):], "not-none")

    def absent(self, key: Key, name: str) -> bool:
        """No resolved call of function `key` in compiled code passes parameter `name` (it takes its default): as
        `given`, a function compiled on its own, one without compiled callers and one handed on say nothing."""
        fn = self._function(key)
        sites = self._call_sites().get(key, [])
        if fn is None or not self._entered_from(key) or key in self._entry_keys() \
                or self.regions.region_of(*key) is None:
            return False
        return all(_passes(fn, name, len(positional), keywords, opaque, mapping) is False
                   for _path, _caller, (_record, positional, keywords, opaque, _given, _known), mapping in sites)

    def _entered_from(self, key: Key) -> List[Site]:
        """The compiled calls of function `key` from other functions: its calls of itself run only once it runs, so
        they cannot tell what its first call passes (a forward that calls `self.forward(x)` again is called by the
        module's users with anything)."""
        return [site for site in self._call_sites().get(key, []) if (site[0], site[1]) != key]

    def _entry_keys(self) -> Set[Key]:
        """Functions compiled on their own (torch.compile, compiled-roots). A forward only assumed compiled is not
        one: where compiled code calls it, those calls tell what it is passed."""
        if self._entries is None:
            self._entries = {key for key, region in self.regions.entries if region.confidence == "certain"}
        return self._entries

    def _lambda_formulas(self, path: str, function: str, name: str, index: int) -> Optional[List[Tuple[str, tuple]]]:
        """What every call of local lambda `name` of `function` passes at position `index`: its calls in the
        function, and the calls of the parameter each function it is handed to takes it as."""
        fn = self._function((path, function))
        if fn is None or name not in fn.lambdas:
            return None
        out = [(path, positional[index] if index < len(positional) else None)
               for called, positional in fn.lambda_calls if called == name]
        for passed, record, slot in fn.lambda_passes:
            if passed != name:
                continue
            targets = self._targets(path, fn, record)
            if not targets:
                return None  # handed to a function of another library: called with anything
            for target, mapping in targets:
                callee = self._function(target)
                param = _parameter_at(callee, slot, mapping) if callee is not None else None
                calls = [positional for called, positional in callee.param_calls if called == param] if param else []
                if not calls:
                    return None  # a parameter also used in other ways, or never called here
                out += [(target[0], positional[index] if index < len(positional) else None) for positional in calls]
        if not out or any(formula is None for _, formula in out):
            return None
        return out

    def _function(self, key: Key) -> Optional[FunctionFacts]:
        facts = self.files.get(key[0])
        return facts.functions.get(key[1]) if facts is not None else None

    # -- call sites in compiled code -------------------------------------------------------------------
    def _call_sites(self) -> Dict[Key, List[Site]]:
        if self._callers is None:
            callers: Dict[Key, List[Site]] = {}
            for (path, qualname) in self.regions.compiled:
                fn = self.files[path].functions[qualname]
                for site in fn.call_args:
                    for target, mapping in self._targets(path, fn, site[0]):
                        callers.setdefault(target, []).append((path, qualname, site, mapping))
            self._callers = callers
        return self._callers

    def _project_call_sites(self, path: str, function: str, constructions: bool = False) -> List[Site]:
        """The calls of a function anywhere in the project, compiled or not: a function that another entry point
        calls with numbers may be compiled from there too. `constructions`: an __init__'s calls are those of its
        class (`DropPath(p)`)."""
        owner, _, short = function.rpartition(".")
        if constructions and short == "__init__":
            short = owner
        sites = []
        for caller_path, facts in self.files.items():
            for qualname, fn in facts.functions.items():
                for site in fn.call_args:
                    # a __call__ runs where its instance is called (`self.loss(x, n)`): no call spells its name
                    if short in site[0][1] or short == "__call__":
                        sites += [(caller_path, qualname, site, mapping) for target, mapping in
                                  self._targets(caller_path, fn, site[0]) if target == (path, function)]
        return sites

    def _targets(self, path: str, fn: FunctionFacts, record: Tuple[str, str]) -> List[Tuple[Key, str]]:
        """What a call record reaches (as regions resolve it), with how its arguments map."""
        targets = self.regions.resolve_call(path, fn, record)
        kind, name = record
        if kind == "name":
            direct = self.index.lookup(path, name)
            # Window(a, b) runs Window.__init__ (or a base class's) with self bound
            constructs = direct is not None and direct[1] in self.files[direct[0]].classes
            # Fn.apply(x, dim) runs the forward of a torch.autograd.Function with its ctx first
            applies = name.endswith(".apply") and direct is not None and direct[1].endswith(".apply")
            return [(t, "plain" if t == direct else "bound" if constructs and self._is_method(t, ("__init__",))
                     else "apply" if applies and self._is_method(t, ("forward",))
                     and self.regions.is_autograd_function(t[0], t[1].partition(".")[0]) else "opaque")
                    for t in targets]
        if kind == "value":
            # a method of the caller's own class (or a subclass) that a value of self gives (`getattr(self,
            # f"{kind}_reduction")`, a method returned by one) is bound to self
            family = self._class_family(path, fn) if name.startswith("self.") else ()
            held = self._method_of_held_instances(path, fn, name)
            return [(t, "bound" if self._is_method(t, _bound_methods(name))
                     or self._is_method(t, (t[1].rpartition(".")[2],)) and (t[0], t[1].partition(".")[0]) in family
                     or self._is_method(t, held) else "opaque") for t in targets]
        if kind == "method":  # obj.m(a) on an object of unknown class: the project's methods named m, self bound
            return [(t, "bound") for t in targets]
        # self.m(a), super().m(a), self.block(a) -> Block.forward (or the __call__ of an object held), self.blocks[i](a):
        # methods, self bound, and self.loss(a) with `self.loss = self.m` (a bound method) set in some method;
        # anything else (self.act = functools.partial(f, ...)) maps its arguments in ways we cannot see
        methods = (name, "forward", "__call__") + (self._bound_methods_held(path, fn, name) + self._aliased(path, fn, name)
                                                    if kind == "self" else ())
        plain = self._positional_callables(path, fn, name) if kind == "self" else ()
        return [(t, "bound" if self._is_method(t, methods) else "plain" if t in plain else "opaque") for t in targets]

    def _aliased(self, path: str, fn: FunctionFacts, name: str) -> Tuple[str, ...]:
        """The method a class-body alias of the caller's class names (`pool = _pool`, `pool_max =
        partialmethod(_pool, reduce="amax")`): `self.pool_max(x)` runs `_pool` with self bound."""
        cls = self.index.lookup_class(path, fn.class_name) if fn.class_name else None
        found = self.index.method(cls, name) if cls else None
        return (found[1].rpartition(".")[2],) if found is not None else ()

    def _positional_callables(self, path: str, fn: FunctionFacts, attr: str) -> List[Key]:
        """The functions `self.attr` may hold when a call of it passes its positional arguments on unchanged
        (`self.act = helper`, `self.clip = partial(clip, limit=1.0)`), as the class that sets it tells, or on a
        subclass instance the subclass."""
        cls = self.index.lookup_class(path, fn.class_name) if fn.class_name else None
        held = [self._positional_callable(owner, attr) for owner in [cls, *self.index.subclasses(cls)]] if cls else []
        return [key for key in held if key is not None]

    def _positional_callable(self, cls: Key, attr: str) -> Optional[Key]:
        for owner in self.index.mro(cls):
            info = self.index.class_info(owner)
            if info is not None and attr in info.callables:
                found = self.index.lookup(owner[0], info.callables[attr]) if attr in info.positional_callables else None
                return found if found is not None and found[1] in self.files[found[0]].functions else None
        return None

    def _bound_methods_held(self, path: str, fn: FunctionFacts, attr: str) -> Tuple[str, ...]:
        """The methods `self.attr = self.m` binds to the attribute in the class of `fn` or its bases."""
        cls = self.index.lookup_class(path, fn.class_name) if fn.class_name else None
        if cls is None:
            return ()
        held = []
        for owner in self.index.mro(cls):
            info = self.index.class_info(owner)
            for spelled in info.attribute_values.get(attr, ()) if info else ():
                method = spelled[len("self."):] if spelled.startswith("self.") else ""
                if method.isidentifier():
                    held.append(method)
        return tuple(held)

    def _method_of_held_instances(self, path: str, fn: FunctionFacts, value: str) -> Tuple[str, ...]:
        """(m,) for `self.scheduler.step`-like values, `m` of an attribute of self that holds only instances
        (`self.scheduler = Scheduler()` in __init__): a call of it binds the instance; () otherwise (an attribute
        holding a class calls its methods unbound)."""
        head, _, method = value.rpartition(".")
        if not head.startswith("self.") or not method.isidentifier() or not head[5:].isidentifier():
            return ()
        cls = self.index.lookup_class(path, fn.class_name) if fn.class_name else None
        values = self.regions.values_of(path, cls, head) if cls is not None else []
        return (method,) if values and all(kind == "instance" for kind, _ in values) else ()

    def _class_family(self, path: str, fn: FunctionFacts) -> Set[Key]:
        """The class of method `fn`, its project bases and its subclasses."""
        cls = self.index.lookup_class(path, fn.class_name) if fn.class_name else None
        return set() if cls is None else {*self.index.mro(cls), *self.index.subclasses(cls)}

    def _is_method(self, key: Key, names: Tuple[str, ...]) -> bool:
        fn = self._function(key)
        return fn is not None and fn.class_name is not None and key[1].rpartition(".")[2] in names


def _bound_methods(value: str) -> Tuple[str, ...]:
    """The methods a "value" call record (facts.CALL_KINDS) runs on an object, self bound: `SOLVERS[m](...)`
    constructs one (__init__), `solver(t)` calls one (forward, __call__), `solver.integrate(t)` where `solver`
    was made by a call (`...().integrate`) runs its method. Anything else (a class's attribute) is unbound."""
    if value.endswith("()"):
        return ("__init__", "forward", "__call__")
    head, _, method = value.rpartition(".")
    return (method,) if head.endswith("()") and method.isidentifier() else ()


def _parameter_at(fn: FunctionFacts, slot: int, mapping: str) -> Optional[str]:
    """The parameter a positional argument at `slot` binds (as _argument maps them)."""
    if mapping == "opaque":
        return None
    params = fn.params
    index = slot + _bound_slots(fn, mapping)
    return params[index][0] if index < len(params) and params[index][1] else None


def _bound_slots(fn: FunctionFacts, mapping: str) -> int:
    """How many leading parameters the call binds itself: obj.m(a) binds self; Class.m(a) binds cls of a
    classmethod; Class.m(obj, a) passes self itself; Fn.apply(a) binds ctx."""
    params = fn.params
    static = "staticmethod" in fn.decorators
    first = params[0][0] if params else ""
    skip = fn.class_name is not None and not static and (mapping == "bound" or first == "cls")
    return 1 if (skip or mapping == "apply") and params and params[0][1] else 0


def _takes_input(fn: FunctionFacts, name: str) -> bool:
    """A positional parameter without a default (not self/cls) that its body never passes as a size: what a
    compiled entry point is called with (the engine's policy for @torch.compile functions and forward, here for
    entries found project-wide)."""
    if name in fn.size_params or name in fn.float_params:
        return False  # its body passes it as a size (an int), or it is annotated `float`
    for index, (param, positional, default) in enumerate(fn.params):
        if param == name:
            bound = index == 0 and fn.class_name is not None and param in ("self", "cls")
            return positional and not default and not bound
    return False


# a call leaves the parameter out: it takes its default
LEFT_OUT = "left out"


def _where_passed(fn: FunctionFacts, name: str, positional: int, keywords: tuple, opaque: bool,
                  mapping: str) -> Union[int, str, None]:
    """Where a call passes parameter `name`: its index among the call's `positional` arguments, or its keyword
    (`name`); LEFT_OUT when the call leaves it out; None when nobody can tell (an alias or partial, arguments
    `**kwargs` unpacks, no such parameter)."""
    if mapping == "opaque":
        return None
    offset = _bound_slots(fn, mapping)
    for index, (param, is_positional, _default) in enumerate(fn.params):
        if param != name:
            continue
        slot = index - offset
        if is_positional and 0 <= slot < positional:
            return slot
        if any(keyword == name for keyword, _formula in keywords):
            return name
        return None if opaque else LEFT_OUT
    return None


def _passed_plain(fn: FunctionFacts, sites: List[Site], name: str) -> bool:
    """Some compiled call of `fn` passes parameter `name` a known non-tensor."""
    return any(_known_kind(fn, name, len(positional), keywords, opaque, known, mapping) == "plain"
               for _path, _caller, (_record, positional, keywords, opaque, _given, known), mapping in sites)


def _known_kind(fn: FunctionFacts, name: str, positional: int, keywords: tuple, opaque: bool, known: tuple,
                mapping: str) -> Optional[str]:
    """What a call passes parameter `name`, as the call site knew it (engine._summarize_call): "tensor" (one it
    computes), "plain" (a known non-tensor, or nothing: the default), None (anything else)."""
    where = _where_passed(fn, name, positional, keywords, opaque, mapping)
    kind = "plain" if where == LEFT_OUT else None if where is None else dict(known).get(where)
    if kind is not None and kind.startswith("numpy"):
        return None  # a numpy scalar outside compiled code, or a parameter handed on (_numpy_status)
    # a torch.Generator is no tensor, nor a generator; a `float`-annotated parameter handed on is a float but to
    # "computed" facts (_float_handed_on)
    return "plain" if kind in ("generator", "iterator") or kind is not None and kind.startswith("float:") else kind


def _float_handed_on(fn: FunctionFacts, name: str, positional: int, keywords: tuple, opaque: bool, known: tuple,
                     mapping: str) -> Optional[str]:
    """The caller's own `float`-annotated parameter a call hands on bare for parameter `name` (engine._summarize_call:
    "float:p"), or None."""
    where = _where_passed(fn, name, positional, keywords, opaque, mapping)
    kind = dict(known).get(where) if where is not None and where != LEFT_OUT else None
    return kind[len("float:"):] if kind is not None and kind.startswith("float:") else None


def _numpy_status(fn: FunctionFacts, name: str, positional: int, keywords: tuple, opaque: bool, known: tuple,
                  mapping: str) -> Optional[str]:
    """What a call passes parameter `name` as to numpy scalars (engine._numpy_argument, the first entry of its
    position): "numpy", "numpy:p" (the caller's parameter p handed on), None otherwise (left out: its default)."""
    where = _where_passed(fn, name, positional, keywords, opaque, mapping)
    if where is None or where == LEFT_OUT:
        return None
    return next((status for at, status in known if at == where and status.startswith("numpy")), None)


def _passes(fn: FunctionFacts, name: str, positional: int, keywords: tuple, opaque: bool,
            mapping: str) -> Optional[bool]:
    """Whether a call passes parameter `name` an argument; None when nobody can tell (`**kwargs`, an alias)."""
    where = _where_passed(fn, name, positional, keywords, opaque, mapping)
    return None if where is None else where != LEFT_OUT


def _given_status(fn: FunctionFacts, name: str, positional: int, keywords: tuple, opaque: bool, given: tuple,
                  mapping: str) -> Optional[str]:
    """What a call passes for parameter `name` as to None (engine._never_none): "" never None, the caller's
    parameter passed on, None when it may be None (not passed, or passed something that may be None)."""
    where = _where_passed(fn, name, positional, keywords, opaque, mapping)
    return None if where is None or where == LEFT_OUT else dict(given).get(where)


def _argument(fn: FunctionFacts, name: str, positional: tuple, keywords: tuple, mapping: str,
              opaque: bool) -> Optional[tuple]:
    """The formula of what a call passes for parameter `name`, or None when it is not known to pass one (left
    out: its default, never a tensor we know of)."""
    where = _where_passed(fn, name, len(positional), keywords, opaque, mapping)
    if isinstance(where, int):
        return positional[where]
    return next((formula for keyword, formula in keywords if keyword == where), None)
