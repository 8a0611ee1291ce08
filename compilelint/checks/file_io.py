"""CL135: reading or writing files (`open`, `torch.save`/`torch.load`, `Path.read_text`, `os.makedirs`...) in
compiled code."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name, imported_name

TORCH_IO = frozenset({"torch.save", "torch.load"})
# numpy's file functions: dynamo traces numpy through torch and these have no torch counterpart (GB0294)
NUMPY_IO = frozenset(f"numpy.{name}" for name in
                     "load save savez savez_compressed loadtxt savetxt genfromtxt fromfile".split())
PATH_CLASSES = frozenset({"pathlib.Path", "pathlib.PosixPath", "pathlib.WindowsPath"})
PATH_IO_METHODS = frozenset("read_text read_bytes write_text write_bytes open".split())
# the os functions that touch the file system: C functions (os.makedirs calls them) dynamo skips
OS_FILE_FUNCTIONS = frozenset(f"os.{name}" for name in
                              "makedirs mkdir listdir scandir stat remove unlink rename replace rmdir".split())
HELP = "do file I/O outside the compiled region (in `__init__`, or before and after the compiled call)"


class FileIO(Check):
    code = "CL135"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.with_items = set()  # calls used as `with open(...)`: the frame is skipped as well

    def visit_WithItem(self, node: cst.WithItem) -> None:
        self.with_items.add(id(node.item))

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if builtin_name(self.ctx, func) == "open" or imported_name(self.ctx, func) == "io.open":
            skipped = id(node) in self.with_items
            self.report(node, "`open()` in compiled code breaks the graph" +
                        (", and as a `with` context manager it makes dynamo give up on the whole frame"
                         if skipped else ""), pattern="open", help=HELP)
            return
        name = imported_name(self.ctx, func)
        if name in TORCH_IO:
            self.report(node, f"`{name}()` in compiled code breaks the graph (file I/O)", pattern="torch-io",
                        help=HELP)
        elif name in NUMPY_IO:
            skipped = id(node) in self.with_items
            self.report(node, f"`{name}()` in compiled code breaks the graph: dynamo cannot trace numpy's file I/O" +
                        (", and as a `with` context manager it makes dynamo give up on the whole frame"
                         if skipped else ""), pattern="numpy-io", help=HELP)
        elif name in OS_FILE_FUNCTIONS:
            self.report(node, f"`{name}()` in compiled code breaks the graph: dynamo does not trace file-system "
                              "calls", pattern="os", help=HELP)
        elif isinstance(func, cst.Attribute) and func.attr.value in PATH_IO_METHODS \
                and isinstance(func.value, cst.Call) and imported_name(self.ctx, func.value.func) in PATH_CLASSES:
            self.report(node, f"`Path.{func.attr.value}()` in compiled code breaks the graph and makes dynamo give "
                              "up on the whole frame", pattern="path", help=HELP)
