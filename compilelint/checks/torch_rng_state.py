"""CL134: seeding or reading torch's RNG state, or building a `torch.Generator`, in compiled code."""

from typing import Dict, Set, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name, keyword
from compilelint.engine import _none_tested, ends_in_exit
from compilelint.tensors import TENSOR, is_self_attr

RNG_STATE = frozenset(
    "torch.manual_seed torch.random.manual_seed torch.cuda.manual_seed torch.cuda.manual_seed_all "
    "torch.get_rng_state torch.set_rng_state torch.random.get_rng_state torch.random.set_rng_state "
    "torch.random.fork_rng torch.initial_seed torch.random.initial_seed".split()
)
GENERATORS = frozenset({"torch.Generator", "torch._C.Generator"})
HELP = ("seed once outside the compiled region; for per-call randomness use the global RNG "
        "(`torch.randn(...)` without `generator=`), or draw the noise outside and pass it in")


class TorchRngState(Check):
    code = "CL134"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.generators: Dict[int, Set[str]] = {}  # frame -> local names bound to a new Generator
        self.generator_attrs: Set[Tuple[str, str]] = set()  # (class, attr) set to a Generator in a method
        # module-level dicts a function stores a new Generator in (`_CACHE[device] = torch.Generator(device=device)`):
        # an item read back from one further on is a Generator
        self.generator_caches: Set[str] = set()

    def _local_generators(self) -> Set[str]:
        return self.generators.setdefault(id(self.ctx.frame), set())

    def _generator_attribute(self, expr) -> bool:
        attr = is_self_attr(expr) if expr is not None else None
        frame = self.ctx.frame
        return attr is not None and frame is not None and frame.cls is not None \
            and (frame.cls.name, attr) in self.generator_attrs

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.generators[id(self.ctx.frame)] = set()  # the engine has just pushed this function's frame

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        name = imported_name(self.ctx, func)
        if name in RNG_STATE:
            pattern = "initial-seed" if name.endswith("initial_seed") else "state"
            self.report(node, f"`{name}()` in compiled code breaks the graph: dynamo does not trace RNG state "
                              "changes", pattern=pattern, help=HELP)
        elif name in GENERATORS:
            self.report(node, "a `torch.Generator` created in compiled code breaks the graph (an opaque object), "
                              "and so does every use of it", pattern="generator", help=HELP)
        elif isinstance(func, cst.Attribute) and (isinstance(func.value, cst.Name)
                                                  and func.value.value in self._local_generators()
                                                  or self._generator_attribute(func.value)):
            # a method of a Generator made here, or of one the class keeps (`self.rng.manual_seed(s)`: GB7650)
            self.report(node, f"`Generator.{func.attr.value}()` in compiled code breaks the graph",
                        pattern="generator-method", help=HELP)
        elif self._torch_op(func, name):
            generator = keyword(node, "generator")
            if (isinstance(generator, cst.Name) and generator.value in self._local_generators()) \
                    or self._generator_attribute(generator):
                self.report(node, "a torch op with `generator=` a `torch.Generator` breaks the graph",
                            pattern="generator-use", help=HELP)
            elif self._untouched_parameter(generator) and self._past_none_exit(generator.value):
                # `if generator is None: return torch.randn(shape)` first: here it is a Generator, whoever passed it
                self.report(node, "a torch op with `generator=` a `torch.Generator` breaks the graph "
                                  f"(`{generator.value}` is not None here, and only a Generator is)",
                            pattern="generator-use", help=HELP)
            elif self._untouched_parameter(generator):
                # `randn_tensor(shape, generator=g)` with g made in a compiled caller: the op here breaks
                self.report(node, "a torch op with `generator=` a `torch.Generator` breaks the graph (a compiled "
                                  "caller makes it and passes it here)", pattern="generator-use", help=HELP,
                            requires_tensor=((("generator", self.ctx.frame.region_key, generator.value),),))

    def _untouched_parameter(self, expr) -> bool:
        """A parameter of the function being walked, not rebound so far: what its callers pass."""
        frame = self.ctx.frame
        return isinstance(expr, cst.Name) and frame is not None and frame.region_key is not None \
            and expr.value in frame.unbound_params

    def _past_none_exit(self, name: str) -> bool:
        """Whether an earlier statement of the function's own body is `if name is None:` ending in a return or a
        raise, without an else: only a non-None value gets past it."""
        statements = self.ctx.frame.statements
        defs = [i for i, s in enumerate(statements) if isinstance(s, cst.FunctionDef)]
        if not defs or defs[-1] + 1 >= len(statements) or not isinstance(statements[defs[-1]].body, cst.IndentedBlock):
            return False
        function, own = statements[defs[-1]], statements[defs[-1] + 1]  # the def, and its statement the walk is in
        for statement in function.body.body:
            if statement is own:
                return False
            if isinstance(statement, cst.If) and statement.orelse is None \
                    and _none_tested(statement.test) == (name, True) and ends_in_exit(statement.body):
                return True
        return False

    def _torch_op(self, func: cst.BaseExpression, name) -> bool:
        """torch's function or a tensor's method: it breaks where it is called. A project helper handed the
        generator (`randn_tensor(shape, generator=g)`) is inlined, and dynamo breaks at the op inside it."""
        return name is not None and name.startswith("torch.") \
            or isinstance(func, cst.Attribute) and self.ctx.kind(func.value) == TENSOR

    def _module_global(self, name: cst.Name) -> bool:
        """A top-level name of the module that the function being walked does not bind itself."""
        frame = self.ctx.frame
        return name.value in self.ctx.module_names and (frame is None or name.value not in frame.env)

    def _cache_item(self, value: cst.BaseExpression) -> bool:
        """`_CACHE[device]`: an item of a module-level dict of Generators."""
        return isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name) \
            and value.value.value in self.generator_caches and self._module_global(value.value)

    def visit_Assign(self, node: cst.Assign) -> None:
        value = node.value
        # g = torch.Generator(...) or g = torch.Generator().manual_seed(s)
        while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                and value.func.attr.value == "manual_seed":
            value = value.func.value
        made = isinstance(value, cst.Call) and imported_name(self.ctx, value.func) in GENERATORS
        for target in node.targets:
            cache = target.target.value if isinstance(target.target, cst.Subscript) else None
            if made and isinstance(cache, cst.Name) and self._module_global(cache):
                self.generator_caches.add(cache.value)  # `_CACHE[device] = torch.Generator(device=device)`
        made = made or self._cache_item(node.value)
        frame = self.ctx.frame
        for target in node.targets:
            attr = is_self_attr(target.target)
            if attr is not None and made and frame is not None and frame.cls is not None:
                self.generator_attrs.add((frame.cls.name, attr))  # `self.gen = torch.Generator()` in __init__
            if isinstance(target.target, cst.Name):
                names = self._local_generators()
                (names.add if made else names.discard)(target.target.value)
