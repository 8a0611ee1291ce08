"""A dataclass model output carries a router z-loss for logging: the model stores it as a Python float
with `.item()` when it builds the output."""
from dataclasses import dataclass
from typing import Optional

import torch
from torch import nn


@dataclass
class MoeOutput:
    logits: torch.Tensor
    aux_loss: Optional[torch.Tensor] = None
    z_loss_value: Optional[float] = None


class Router(nn.Module):
    def __init__(self, dim=4, experts=3):
        super().__init__()
        self.gate = nn.Linear(dim, experts)

    def forward(self, hidden_states):
        logits = self.gate(hidden_states)
        z_loss = torch.logsumexp(logits, dim=-1).square().mean()
        aux = logits.softmax(-1).mean(0).square().sum()
        return MoeOutput(logits=logits, aux_loss=aux, z_loss_value=z_loss.item())  # expect: CL111


def example():
    return Router(), (torch.randn(5, 4),)
