"""A routing policy in the style of the attention-model TSP code, compiled whole: its assignment layer picks a Sinkhorn
kernel with an if/elif chain into a local and calls the local (`kernel = dense_kernel` ... `kernel(...)`, LinSATNet's
`linsat_layer`), so the kernel that runs is reached only through that name; the dense kernel stops its iterations on a
tensor test (a break in its loop). The tour check builds its range with `out=tour.data.new()`, an empty tensor dynamo
will not resize. A naive linter follows no call through a local, or flags every `out=`; quiet twins: the sparse kernel
(never picked here, free of breaks itself), an `out=` already of the result's shape, a range given dtype and device."""
import torch
from torch import nn


def dense_kernel(scores, rows, iters):
    for _ in range(iters):
        scores = scores / scores.sum(-1, keepdim=True)
        scores = scores / scores.sum(-2, keepdim=True)
        if torch.all((scores.sum(-1) - rows).abs() < 1e-3):  # expect: CL101
            break
    return scores


def sparse_kernel(scores, rows, iters):
    return scores * rows.unsqueeze(-1)


def assign(scores, rows, iters=3, sparse=False, grouped=True):
    if sparse and grouped:
        kernel = sparse_kernel
    elif grouped:
        kernel = dense_kernel
    else:
        raise NotImplementedError(grouped)
    return kernel(scores, rows, iters)


def tour_length_checked(tour, coords):
    visited = torch.arange(tour.size(1), out=tour.data.new()).view(1, -1).expand_as(tour)  # expect: CL181
    same = torch.arange(tour.size(1), out=tour.new(tour.size(1)))
    ranks = torch.arange(tour.size(1), dtype=tour.dtype, device=tour.device)
    ordered = coords.gather(1, tour.unsqueeze(-1).expand_as(coords))
    return (ordered[:, 1:] - ordered[:, :-1]).norm(dim=-1).sum(1) + (visited == same).sum() + ranks.sum()


class RoutingPolicy(nn.Module):
    def __init__(self, nodes=5):
        super().__init__()
        self.score = nn.Linear(2, nodes)

    def forward(self, coords, tour):
        plan = assign(self.score(coords).exp(), torch.ones(coords.shape[0], coords.shape[1]))
        return plan.sum() + tour_length_checked(tour, coords).sum()


def example():
    coords = torch.rand(2, 5, 2)
    tour = torch.stack([torch.randperm(5) for _ in range(2)])
    return RoutingPolicy(), (coords, tour)
