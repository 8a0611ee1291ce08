"""Shape diagnostics skipped only when the project's `_is_tracing` helper says so; it asks TorchScript and FX,
both of which say no under dynamo, so the print runs while compiling."""
import torch
from torch import nn


def _is_tracing(value):
    return torch.jit.is_tracing() or isinstance(value, torch.fx.Proxy)


class Pooler(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.dense = nn.Linear(dim, dim)

    def _describe(self, hidden_states):
        if not _is_tracing(hidden_states):
            print("pooling", tuple(hidden_states.shape))  # expect: CL131

    def forward(self, hidden_states):
        self._describe(hidden_states)
        return torch.tanh(self.dense(hidden_states[:, 0]))


def example():
    return Pooler(), (torch.randn(2, 3, 8),)
