"""A module two folders down a namespace package that imports its sibling folder by the package's name."""
from namespace_helpers.search.naive import radius_search


def radius_graph(positions, support):
    i, j = radius_search(positions, positions, support)
    keep = i != j
    return i[keep], j[keep]  # expect: CL122
