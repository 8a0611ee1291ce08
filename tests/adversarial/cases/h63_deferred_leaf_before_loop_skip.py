"""A Hutchinson trace estimate (FuncyFlows' VectorField.estimated_velocity_and_trace, held-out group 63): the state is
detached and switched on (`requires_grad_()`: GB8985, which dynamo raises only when it compiles a graph that outputs
the leaf), then `torch.autograd.grad` breaks in a loop, so dynamo gives up on the whole frame and compiles nothing
there (an `or` among the call's arguments does not make the call conditional): the leaf never breaks. Without the loop the graph before `autograd.grad` is compiled and the leaf breaks too
(on the restart), and a `.data` leaf, an input of the graph, breaks where it is traced, loop or not."""
import torch
from torch import nn


def estimated_trace(field, x, samples=1):
    needs_graph = torch.is_grad_enabled()
    with torch.enable_grad():
        state = x.detach().requires_grad_(True)
        velocity = field(state)
        total = torch.zeros_like(x[..., 0])
        for index in range(samples):
            probe = torch.ones_like(x)
            slope, = torch.autograd.grad(velocity, state, grad_outputs=probe,  # expect: CL147
                                         retain_graph=index + 1 < samples or needs_graph)
            total = total + (probe * slope).sum(-1)
    return velocity, total


def single_probe(field, x):
    state = x.detach().requires_grad_(True)  # expect: CL146
    velocity = field(state)
    slope, = torch.autograd.grad(velocity, state, grad_outputs=torch.ones_like(x), create_graph=True)  # expect: CL147
    return velocity + slope


def data_leaf(field, x):
    with torch.enable_grad():
        state = x.data
        state.requires_grad_(True)  # expect: CL146
        velocity = field(state)
        for _ in range(1):
            slope, = torch.autograd.grad(velocity, state, torch.ones_like(x), create_graph=True)  # expect: CL147
    return velocity + slope


class Field(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        velocity, trace = estimated_trace(self.lin, x)
        return velocity.sum() + trace.sum() + single_probe(self.lin, x).sum() + data_leaf(self.lin, x).sum()


def example():
    return Field(), (torch.randn(2, 3),)
