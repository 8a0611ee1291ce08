"""A namespace package without any __init__.py (PEP 420) whose modules sit a folder down and import each other by the
package's name (basisconvolution's BasisConvolution/detail/radius.py imports
`BasisConvolution.neighborhoodFallback.neighborhood`, its convNetv2.py `BasisConvolution.detail`): its modules are
namespace_helpers.*, as compiled-roots spell them (tests/test_namespace_packages.py lints the package alone, told
`namespace_helpers.graph.radius:radius_graph`). Every marked line in namespace_helpers/ breaks under dynamo."""
import os
import sys

import torch

from compilelint import Example

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from namespace_helpers.graph.radius import radius_graph  # noqa: E402

compiled = torch.compile(radius_graph)


def example():
    positions = torch.rand(12, 2)
    return Example(compiled, (positions, 0.5))
