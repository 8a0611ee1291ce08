"""The pure-PyTorch neighbour search of a namespace package (no __init__.py anywhere, as basisconvolution's
BasisConvolution/neighborhoodFallback/): reached only through namespace_helpers/graph/radius.py."""
import torch


def radius_search(x, y, support):
    distances = torch.cdist(x, y)
    adjacency = distances <= support
    rows = torch.arange(x.shape[0]).unsqueeze(1).expand_as(adjacency)
    cols = torch.arange(y.shape[0]).unsqueeze(0).expand_as(adjacency)
    return rows[adjacency], cols[adjacency]  # expect: CL122
