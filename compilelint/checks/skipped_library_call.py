"""CL159: calls into the third-party libraries dynamo never traces (its skip list: `tqdm`, `pandas`, `sklearn`...)."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name

# torch._dynamo.trace_rules.THIRDPARTY_SKIPLIST (2.4 to 2.13), less numpy (traced as torch's numpy API: CL156) and
# `tree`, a name too plain to tell dm-tree from a project's own module
SKIPPED_LIBRARIES = frozenset({
    "tqdm", "pandas", "sklearn", "networkx", "tabulate", "hypothesis", "onnx", "onnxruntime", "onnx_tf",
    "tensorflow", "tensorrt", "torch2trt", "tvm", "xarray", "fx2trt_oss"})
HELP = ("keep the library call outside the compiled region: wrap the loop's body (the model step) in "
        "`torch.compile` instead of the loop, or guard the call with `if not torch.compiler.is_compiling():`")


class SkippedLibraryCall(Check):
    code = "CL159"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func) or ""
        library = name.partition(".")[0]
        if library in SKIPPED_LIBRARIES:
            self.report(node, f"`{name}()` is in `{library}`, a library dynamo never traces: the graph breaks "
                              "here, and a progress bar around a loop sends the whole frame to eager", help=HELP)
