"""CL159: calls into the third-party libraries dynamo never traces (its skip list: `tqdm`, `pandas`, `sklearn`...), and
into the parts of torch's own that it does not trace (`pack_padded_sequence`, `get_num_threads`, `torch.utils.data`,
`checkpoint_sequential`)."""

from typing import Dict, List, Tuple

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name
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


# `bar = tqdm(...)` then `for i in bar:` breaks twice: the call (GB0007) and the loop, which inlines the skipped class's
# __iter__ (GB0008); a break in the loop header sends the frame to eager. Measured on 2.13 with networkx's graphs
# (audio-diffusion-pytorch's VSampler, held-out group 26).
ITERATION_HELP = ("iterate the plain range and update the progress bar outside the compiled region, or compile the "
                  "loop's body instead of the loop")


class SkippedLibraryCall(Check):
    code = "CL159"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        # per function: local names bound to an object of a skipped library -> the hole atoms its call was reported
        # under (`bar = tqdm(it) if self.verbose else it`: the loop breaks exactly when the call does)
        self._held: List[Dict[str, Tuple]] = []
        self._calls: Dict[int, Tuple] = {}  # id of each skipped library call reported -> its hole atoms
        # per open `if`: the names it binds, forgotten when it closes (`if progress: it = tqdm(it)` may not run)
        self._branches: List[List[str]] = []

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
            self._held[-1].update((name, self._calls[id(made[0])]) for name in names)
            if self._branches:
                self._branches[-1].extend(names)
        else:
            for name in names:
                self._held[-1].pop(name, None)

    def visit_For(self, node: cst.For) -> None:
        if self._held and isinstance(node.iter, cst.Name) and node.iter.value in self._held[-1]:
            self.report(node.iter, f"`{node.iter.value}` holds an object of a library dynamo never traces: looping "
                                   "over it inlines that library's `__iter__`, the graph breaks in the loop header "
                                   "and the whole frame runs eagerly", pattern="iteration", help=ITERATION_HELP,
                        skips_frame=True, unless=self._held[-1][node.iter.value])

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        library = name.partition(".")[0]
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
        elif name in SKIPPED_TORCH_FUNCTIONS:
            self.report(node, f"`{name}()` is on dynamo's skip list (torch.nn's own files are not traced, but for its "
                              "modules and functional): the graph breaks here", help=PACKING_HELP)
