"""CL159: calls into the third-party libraries dynamo never traces (its skip list: `tqdm`, `pandas`, `sklearn`...), and
into the parts of torch's own that it does not trace (`pack_padded_sequence`, `get_num_threads`, `torch.utils.data`,
`checkpoint_sequential`, the training step's optimizer, LR scheduler and grad scaler)."""

from typing import Dict, List, Optional, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
from compilelint.engine import spell_value, statements_under
from compilelint.names import dotted
from compilelint.tensors import bound_names

# torch._dynamo.trace_rules.THIRDPARTY_SKIPLIST (2.4 to 2.13), less numpy (traced as torch's numpy API: CL156) and
# `tree`, a name too plain to tell dm-tree from a project's own module
SKIPPED_LIBRARIES = frozenset({
    "tqdm", "pandas", "sklearn", "networkx", "tabulate", "hypothesis", "onnx", "onnxruntime", "onnx_tf",
    "tensorflow", "tensorrt", "torch2trt", "tvm", "xarray", "fx2trt_oss"})
# torch.nn is on dynamo's MOD_SKIPLIST, its modules and functional inlined; these sequence-packing helpers are not
# (GB0007 on the call, measured on 2.13: pack_sequence and unpack_sequence break in the helpers they call).
# pad_sequence and unpad_sequence are traced.
SKIPPED_TORCH_FUNCTIONS = frozenset(f"torch.nn.utils.rnn.{name}" for name in (
    "pack_padded_sequence", "pad_packed_sequence", "pack_sequence", "unpack_sequence"))
# torch's thread settings -> pattern: the setter is skipped (GB0007); the queries return an int from a torch function,
# which dynamo does not trace (GB0208). Measured on 2.13 (held-out group 6: torchkbnufft's interpolation).
THREAD_SETTINGS = {"torch.set_num_threads": "default", "torch.get_num_threads": "thread-count",
                   "torch.get_num_interop_threads": "thread-count"}
# torch's tests that answer a Python bool from a torch function dynamo does not trace (GB0208 on the call, measured on
# 2.13): a switch buffer tested with `torch.is_nonzero(self.enabled)`, the method on a tensor too
UNTRACED_TESTS = frozenset({"is_nonzero", "is_same_size"})
UNTRACED_TEST_HELP = ("keep the test as a tensor: `torch.where(self.enabled != 0, y, x)`, or compare shapes "
                      "(`a.shape == b.shape`), which dynamo evaluates while tracing")
# dynamo skips the sparse COO constructor (GB0007), and an op on its sparse result breaks again (GB0015): measured
# on 2.13 (pykeen's R-GCN adjacency)
SPARSE_CONSTRUCTORS = frozenset({"torch.sparse_coo_tensor"})
SPARSE_HELP = ("build the sparse matrix outside the compiled region, or keep it dense inside: `index_add_` / "
               "`scatter_add` over the edge list instead of a sparse product")
# torch/utils is on dynamo's MOD_SKIPLIST and torch.utils.data is not inlined: building a DataLoader or a dataset there
# is GB0008 (its __init__ skipped), calling one of its functions (`default_collate`) GB0007. Measured on 2.13.
DATA_PACKAGE = "torch.utils.data."
# the legacy autograd wrapper (a plain tensor since torch 0.4): dynamo skips its constructor, with or without
# `requires_grad=` (GB0007, measured on 2.13: joeynmt's label smoothing returns `Variable(dist, requires_grad=False)`)
LEGACY_VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})
VARIABLE_HELP = ("drop the wrapper: `Variable(t)` has been the tensor itself since torch 0.4 (use `t.detach()` where "
                 "`requires_grad=False` was meant)")
# the deprecated kernel switch returns a context manager from a torch function dynamo does not trace (GB0208), and the
# `with` around it is unsupported (GB0142): the frame runs eagerly. Measured on 2.13 (mixture-of-attention's Attend)
DEPRECATED_SDP_KERNEL = "torch.backends.cuda.sdp_kernel"
SDP_KERNEL_HELP = ("use its replacement `torch.nn.attention.sdpa_kernel([SDPBackend.FLASH_ATTENTION, ...])`, "
                   "which compiles")
# torch.utils is on dynamo's MOD_SKIPLIST: `checkpoint` is traced as a higher-order op, but `checkpoint_sequential`
# is skipped (GB0007 on the call, with or without use_reentrant; measured on 2.13), so the segments run eagerly
CHECKPOINT_SEQUENTIAL = "torch.utils.checkpoint.checkpoint_sequential"
CHECKPOINT_HELP = ("checkpoint each block or segment with `torch.utils.checkpoint.checkpoint(block, x, "
                   "use_reentrant=False)` in a loop, which dynamo traces")
HELP = ("keep the library call outside the compiled region: wrap the loop's body (the model step) in "
        "`torch.compile` instead of the loop, or guard the call with `if not torch.compiler.is_compiling():`")
THREADS_HELP = "read or set the thread count once, outside the compiled region, and pass the count in"
DATA_HELP = ("batch the data outside the compiled region and compile the step that takes a batch; inside it, split with "
             "`torch.split`/`chunk` (pytorch-beam-search batches candidates with a DataLoader in its loop)")
PACKING_HELP = ("keep padded tensors and a mask inside the compiled region (`pad_sequence` compiles); pack outside it, "
                "around the recurrent module (which breaks too: CL143)")

# the objects of a training step: dynamo skips torch's grad scaler (every method: GB0008), `Optimizer.zero_grad` (a
# `torch._disable_dynamo` function: GB0008), `Optimizer.step` (GB0007, then GB0025 in its wrapper) and an LR
# scheduler's `step` (GB0008). Measured on 2.13 with the scaler on and off (modulaic's and wavegrad's GAN and vocoder
# steps); `nn.Module.zero_grad` compiles. The object is known by its class: made (`self.opt = torch.optim.Adam(...)`,
# every value stored in the attribute) or declared (`optimizer: torch.optim.Optimizer`).
GRAD_SCALERS = frozenset({"torch.amp.GradScaler", "torch.amp.grad_scaler.GradScaler", "torch.cuda.amp.GradScaler",
                          "torch.cpu.amp.GradScaler"})
OPTIM_PACKAGE = "torch.optim."
OPTIMIZER_METHODS = {"zero_grad": "training-object", "step": "optimizer-step"}
# an optimizer made in compiled code: `Optimizer.__init__` patches its class's `step` (GB0467, setattr on a type, the
# first time a class is made in the process) or is skipped (GB0008 once patched). Measured on 2.13 for Adam, AdamW, SGD,
# RMSprop and Adagrad (easyfsl's TIM and Finetune fine-tune prototypes with an Adam made in `forward`); LBFGS is left
# out: made first inside compiled code, it compiled
OPTIMIZER_CLASSES = frozenset(
    spelled for name, module in (("Adam", "adam"), ("AdamW", "adamw"), ("SGD", "sgd"), ("RMSprop", "rmsprop"),
                                 ("Adagrad", "adagrad"), ("Adadelta", "adadelta"), ("Adamax", "adamax"),
                                 ("NAdam", "nadam"), ("RAdam", "radam"), ("ASGD", "asgd"), ("Rprop", "rprop"))
    for spelled in (f"torch.optim.{name}", f"torch.optim.{module}.{name}"))
OPTIMIZER_MADE_HELP = ("make the optimizer once, outside the compiled code, and pass it in (or keep it on the module); "
                       "compile the step that uses it, or run the fine-tuning loop eagerly")
TRAINING_HELP = ("compile the forward and the loss (or the model) and run `backward()`, the optimizer, the scheduler "
                 "and the grad scaler outside the compiled function; `torch.compile(optimizer.step)` compiles the "
                 "step on its own")


# `bar = tqdm(...)` then `for i in bar:` breaks twice: the call (GB0007) and the loop, which inlines the skipped class's
# __iter__ (GB0008); a break in the loop header sends the frame to eager. Measured on 2.13 with networkx's graphs
# (audio-diffusion-pytorch's VSampler, held-out group 26).
ITERATION_HELP = ("iterate the plain range and update the progress bar outside the compiled region, or compile the "
                  "loop's body instead of the loop")


class SkippedLibraryCall(Check):
    code = "CL159"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # per function: local names bound to an object of a skipped library -> (the hole atoms its call was reported
        # under, whether one branch of a ternary bound it): `bar = tqdm(it) if self.verbose else it`, the loop breaks
        # exactly when the call does, and maybe never (the flag is off: FuncyFlows' latent_pcn, held-out group 63)
        self._held: List[Dict[str, Tuple[Tuple, bool]]] = []
        self._calls: Dict[int, Tuple] = {}  # id of each skipped library call reported -> its hole atoms
        # per open `if`: the names it binds, forgotten when it closes (`if progress: it = tqdm(it)` may not run)
        self._branches: List[List[str]] = []
        self._stored: Dict[Tuple[int, str], Optional[frozenset]] = {}  # (class, attribute) -> _stores()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._held.append({})

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._held.pop()

    def visit_If(self, node: cst.If) -> None:
        self._branches.append([])

    def leave_If(self, node: cst.If) -> None:
        bound = self._branches.pop()
        if self._held:
            for name in bound:
                self._held[-1].pop(name, None)

    def leave_Assign(self, node: cst.Assign) -> None:
        if not self._held:
            return
        names = [n for target in node.targets for n in bound_names(target.target)]
        value = node.value
        made = [c for c in ((value.body, value.orelse) if isinstance(value, cst.IfExp) else (value,))
                if id(c) in self._calls]
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) and made:
            one_branch = isinstance(value, cst.IfExp) and len(made) == 1
            self._held[-1].update((name, (self._calls[id(made[0])], one_branch)) for name in names)
            if self._branches:
                self._branches[-1].extend(names)
        else:
            for name in names:
                self._held[-1].pop(name, None)

    def visit_For(self, node: cst.For) -> None:
        if self._held and isinstance(node.iter, cst.Name) and node.iter.value in self._held[-1]:
            atoms, one_branch = self._held[-1][node.iter.value]
            self.report(node.iter, f"`{node.iter.value}` holds an object of a library dynamo never traces: looping "
                                   "over it inlines that library's `__iter__`, the graph breaks in the loop header "
                                   "and the whole frame runs eagerly", pattern="iteration", help=ITERATION_HELP,
                        skips_frame=True, unless=atoms, maybe=one_branch)

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        library = name.partition(".")[0]
        if isinstance(node.func, cst.Attribute):
            self._training_method(node, node.func)
        test = name[len("torch."):] if name.startswith("torch.") else None
        if test is None and isinstance(node.func, cst.Attribute) and self.ctx.is_tensor(node.func.value):
            test = node.func.attr.value
        if test in UNTRACED_TESTS:
            self.report(node, f"`{test}()` answers a Python bool from a torch function dynamo does not trace: the "
                              "graph breaks here", pattern="untraced-test", help=UNTRACED_TEST_HELP)
            return
        if library in SKIPPED_LIBRARIES:
            if not self.ctx.holes:
                self._calls[id(node)] = tuple(self.ctx.hole_atoms)
            self.report(node, f"`{name}()` is in `{library}`, a library dynamo never traces: the graph breaks "
                              "here, and a progress bar around a loop sends the whole frame to eager", help=HELP)
        elif name in THREAD_SETTINGS:
            self.report(node, f"`{name}()` (torch's thread settings) is not traced by dynamo: the graph breaks here",
                        pattern=THREAD_SETTINGS[name], help=THREADS_HELP)
        elif name in SPARSE_CONSTRUCTORS:
            self.report(node, f"`{name}()` builds a sparse tensor, which dynamo does not trace: the graph breaks here, "
                              "and again at each op on the result", help=SPARSE_HELP)
        elif name.startswith(DATA_PACKAGE):
            self.report(node, f"`{name}()` is in torch.utils.data, which dynamo does not trace: the graph breaks here",
                        pattern="data", help=DATA_HELP)
        elif name in LEGACY_VARIABLE:
            self.report(node, "`Variable(...)` is torch's legacy autograd wrapper, which dynamo skips: the graph breaks "
                              "here", help=VARIABLE_HELP)
        elif name == DEPRECATED_SDP_KERNEL:
            self.report(node, f"`{name}()` (deprecated) is not traced by dynamo: the graph breaks here, and the `with` "
                              "around it sends the whole frame to eager", pattern="sdp-kernel", help=SDP_KERNEL_HELP,
                        skips_frame=True)
        elif name == CHECKPOINT_SEQUENTIAL:
            self.report(node, f"`{name}()` is not traced by dynamo (only `checkpoint` itself is): the graph breaks "
                              "here and the checkpointed blocks run eagerly", pattern="checkpoint-sequential",
                        help=CHECKPOINT_HELP)
        elif name in OPTIMIZER_CLASSES:
            self.report(node, f"`{name}(...)` makes an optimizer, whose constructor dynamo does not trace (it patches "
                              "the optimizer class's `step`): the graph breaks here", pattern="optimizer-made",
                        help=OPTIMIZER_MADE_HELP)
        elif name in SKIPPED_TORCH_FUNCTIONS:
            self.report(node, f"`{name}()` is on dynamo's skip list (torch.nn's own files are not traced, but for its "
                              "modules and functional): the graph breaks here", help=PACKING_HELP)

    def _training_method(self, node: cst.Call, func: cst.Attribute) -> None:
        """`self.scaler.step(self.opt)`, `optimizer.zero_grad()`: a method of torch's grad scaler, optimizers or LR
        schedulers, which dynamo does not trace, on an object whose every known value is one."""
        classes = self._classes(func.value)
        method = func.attr.value
        if not classes:
            return
        if classes <= GRAD_SCALERS:
            kind = "grad scaler"
            pattern = "training-object"
        elif all(c.startswith(OPTIM_PACKAGE) for c in classes) and method in OPTIMIZER_METHODS:
            schedulers = {c.startswith(OPTIM_PACKAGE + "lr_scheduler.") for c in classes}
            if len(schedulers) > 1 or (True in schedulers and method != "step"):
                return
            kind = "LR scheduler" if True in schedulers else "optimizer"
            pattern = "training-object" if True in schedulers else OPTIMIZER_METHODS[method]
        else:
            return
        self.report(node, f"`{dotted(func) or method}()` is a method of torch's {kind}, which dynamo does not trace: "
                          "the graph breaks here", pattern=pattern, help=TRAINING_HELP)

    def _classes(self, receiver: cst.BaseExpression) -> frozenset:
        """The classes a local or a parameter declared with a class is made from, or `self.attr` where every store of
        the attribute in the class's body is a made object (`Cls()`); else nothing is known."""
        frame = self.ctx.frame
        if frame is None:
            return frozenset()
        if isinstance(receiver, cst.Name):
            value = frame.values.get(receiver.value, "")
            return _made(value) or frozenset()
        name = dotted(receiver)
        cls = next((s for s in reversed(self.ctx.statements) if isinstance(s, cst.ClassDef)), None)
        if cls is None or frame.cls is None or not name or not name.startswith("self.") or name.count(".") != 1:
            return frozenset()
        key = (id(cls), name[len("self."):])
        if key not in self._stored:
            self._stored[key] = self._stores(cls, key[1])
        return self._stored[key] or frozenset()

    def _stores(self, cls: cst.ClassDef, attr: str) -> Optional[frozenset]:
        """The classes of the objects every `self.attr = ...` of the class body makes, or of the parameter it stores
        where the method declares one (`def __init__(self, optimizer: Optimizer)`, `self.opt = optimizer`); None when
        one stores anything else, or binds the attribute otherwise (unpacking, augmented), or none does."""
        made: set = set()
        declared = self._declared_parameters(cls)
        for node in statements_under(cls.body):
            targets: List[cst.BaseExpression] = []
            if isinstance(node, cst.Assign):
                targets = [t.target for t in node.targets]
            elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
                targets = [node.target]
            for target in targets:
                if dotted(target) == "self." + attr:
                    classes = None if isinstance(node, cst.AugAssign) or node.value is None else _made(
                        spell_value(node.value, self.ctx.imports, self.ctx.module_names) or "")
                    if classes is None and isinstance(node.value, cst.Name):
                        classes = declared.get((id(node), node.value.value))
                    if classes is None:
                        return None
                    made |= classes
                elif "self." + attr in {dotted(t) for t in _elements(target)}:
                    return None
        return frozenset(made) or None


    def _declared_parameters(self, cls: cst.ClassDef) -> Dict[Tuple[int, str], frozenset]:
        """(id of a statement of a method, a parameter's name) -> the class the parameter is annotated with by name
        (`optimizer: torch.optim.Optimizer`), for the parameters the method never binds again."""
        declared: Dict[Tuple[int, str], frozenset] = {}
        for method in cls.body.body:
            if not isinstance(method, cst.FunctionDef):
                continue
            params = method.params
            classes = {p.name.value: p.annotation.annotation for p in (*params.posonly_params, *params.params,
                                                                         *params.kwonly_params)
                       if p.annotation is not None and isinstance(p.annotation.annotation, (cst.Name, cst.Attribute))}
            statements = list(statements_under(method.body, into_definitions=False))
            for statement in statements:
                if isinstance(statement, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.With)):
                    targets = statement.targets if isinstance(statement, cst.Assign) else ()
                    rebound = [t.target for t in targets] if targets else [getattr(statement, "target", None)]
                    for target in rebound:
                        for name in bound_names(target) if target is not None else ():
                            classes.pop(name, None)
            for name, annotation in classes.items():
                value = spell_value(annotation, self.ctx.imports, self.ctx.module_names)
                if value:
                    for statement in statements:
                        declared[(id(statement), name)] = frozenset({value})
        return declared


def _made(value: str) -> Optional[frozenset]:
    """{"torch.optim.Adam"} for "torch.optim.Adam()", an object made by calling a class or function named plainly."""
    return frozenset({value[:-2]}) if value.endswith("()") and "(" not in value[:-2] and "[" not in value else None


def _elements(target: cst.BaseExpression) -> List[cst.BaseExpression]:
    """The names and attributes an unpacking target binds (`self.a, self.b = ...`)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [e for element in target.elements for e in _elements(element.value)]
    if isinstance(target, cst.StarredElement):
        return _elements(target.value)
    return [target]
