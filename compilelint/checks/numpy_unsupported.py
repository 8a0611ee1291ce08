"""CL166: a numpy function torch._numpy has no counterpart for, called in compiled code. dynamo traces numpy
through torch._numpy and stops at a function missing from it (GB0294), whatever its arguments: constants break too.
Each function below measured on 2.13; numpy's file functions are CL135's, `np.random` CL155's and CL156's."""

import libcst as cst

from compilelint.check import Check
from compilelint.checks._calls import imported_name

UNSUPPORTED = frozenset(f"numpy.{name}" for name in (
    "unravel_index ravel_multi_index isin interp digitize lexsort partition argpartition delete insert select "
    "piecewise compress extract ediff1d trapezoid unwrap spacing frexp histogram_bin_edges polyfit polyval "
    "intersect1d union1d setdiff1d setxor1d unique_counts unique_inverse unique_values trim_zeros "
    "nanmean nansum nanmax nanmin nanstd nanvar nanmedian nanargmax nanargmin nanpercentile nanquantile nanprod "
    "nancumsum asanyarray apply_along_axis cumulative_sum ix_ block vecdot matrix_transpose unstack").split())
HELP = ("write it with torch ops (`torch.isin`, `torch.bucketize`, `torch.nanmean`, `torch.unravel_index`, ...), "
        "or compute it outside the compiled region and pass the result in")


class NumpyUnsupported(Check):
    code = "CL166"

    def visit_Call(self, node: cst.Call) -> None:
        name = imported_name(self.ctx, node.func)
        if name in UNSUPPORTED:
            self.report(node, f"`{name}` in compiled code breaks the graph: torch._numpy, which dynamo traces numpy "
                              "through, has no counterpart for it", help=HELP)
