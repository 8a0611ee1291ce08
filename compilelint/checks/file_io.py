"""CL135: reading or writing files (`open`, `torch.save`/`torch.load`, `Path.read_text`, `os.makedirs`...) in
compiled code, and asking the file system about a path (`Path(__file__).parent.resolve()`, `Path(p).exists()`).

Arguments run before the call they are handed to: in a `try` block, where dynamo gives up on the whole frame at its
first break, a call whose argument already breaks here (`torch.load(Path(__file__).parent.resolve() / name)`) is never
traced, so only the argument is reported.
"""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import builtin_name, imported_name

TORCH_IO = frozenset({"torch.save", "torch.load"})
# numpy's file functions: dynamo traces numpy through torch and these have no torch counterpart (GB0294)
NUMPY_IO = frozenset(f"numpy.{name}" for name in
                     "load save savez savez_compressed loadtxt savetxt genfromtxt fromfile".split())
PATH_CLASSES = frozenset({"pathlib.Path", "pathlib.PosixPath", "pathlib.WindowsPath"})
PATH_IO_METHODS = frozenset("read_text read_bytes write_text write_bytes open".split())
# the Path methods that ask the file system (os.lstat / os.stat, C functions dynamo skips: GB0007), measured on 2.13;
# `absolute()` and `iterdir()` (lazy) compile
PATH_QUERY_METHODS = frozenset("resolve exists is_file is_dir stat".split())
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
        found = self._file_access(node)
        if found is None or self._argument_breaks_first(node):
            return
        pattern, message = found
        self.report(node, message, pattern=pattern, help=HELP)

    def _file_access(self, node: cst.Call):
        """(pattern, message) of a call this rule reports, or None."""
        func = node.func
        if builtin_name(self.ctx, func) == "open" or imported_name(self.ctx, func) == "io.open":
            skipped = id(node) in self.with_items
            return "open", ("`open()` in compiled code breaks the graph" +
                            (", and as a `with` context manager it makes dynamo give up on the whole frame"
                             if skipped else ""))
        name = imported_name(self.ctx, func)
        if name in TORCH_IO:
            return "torch-io", f"`{name}()` in compiled code breaks the graph (file I/O)"
        if name in NUMPY_IO:
            skipped = id(node) in self.with_items
            return "numpy-io", (f"`{name}()` in compiled code breaks the graph: dynamo cannot trace numpy's file I/O" +
                                (", and as a `with` context manager it makes dynamo give up on the whole frame"
                                 if skipped else ""))
        if name in OS_FILE_FUNCTIONS:
            return "os", f"`{name}()` in compiled code breaks the graph: dynamo does not trace file-system calls"
        if not (isinstance(func, cst.Attribute) and self._is_path(func.value)):
            return None
        if func.attr.value in PATH_IO_METHODS and isinstance(func.value, cst.Call):
            return "path", (f"`Path.{func.attr.value}()` in compiled code breaks the graph and makes dynamo give up "
                            "on the whole frame")
        if func.attr.value in PATH_QUERY_METHODS:
            return "path-query", (f"`Path.{func.attr.value}()` asks the file system: dynamo does not trace "
                                  "file-system calls, so the graph breaks here")
        return None

    def _is_path(self, expr) -> bool:
        """A `Path(...)` written in place, or its `.parent` (`Path(__file__).parent.parent`)."""
        while isinstance(expr, cst.Attribute) and expr.attr.value == "parent":
            expr = expr.value
        return isinstance(expr, cst.Call) and imported_name(self.ctx, expr.func) in PATH_CLASSES

    def _argument_breaks_first(self, node: cst.Call) -> bool:
        """In a `try` block, an argument holding a file access of this rule: dynamo gives up on the frame there."""
        if not self._in_try():
            return False
        nested: list = []

        class _Calls(cst.CSTVisitor):
            def visit_Call(self, call) -> None:
                nested.append(call)

            def visit_Lambda(self, lam) -> bool:
                return False

        for arg in node.args:
            arg.visit(_Calls())
        return any(self._file_access(call) is not None for call in nested)

    def _in_try(self) -> bool:
        """Inside a `try` statement of the function being walked (its body, a handler, or its else block)."""
        for statement in reversed(self.ctx.statements):
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                return False
            if isinstance(statement, cst.Try):
                return True
        return False
