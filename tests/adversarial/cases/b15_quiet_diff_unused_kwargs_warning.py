"""An attention processor call filters `cross_attention_kwargs` against the keywords it knows; the warning
about the rest runs only when something is left over (not here)."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Attention(nn.Module):
    _expected_kwargs = ("scale", "ip_adapter_masks")

    def __init__(self, dim=8):
        super().__init__()
        self.to_q = nn.Linear(dim, dim)
        self.to_out = nn.Linear(dim, dim)

    def forward(self, hidden_states, **cross_attention_kwargs):
        unused = [k for k in cross_attention_kwargs if k not in self._expected_kwargs]
        if len(unused) > 0:
            logger.warning(f"cross_attention_kwargs {unused} are not expected and will be ignored.")  # known-fp: CL131
        kwargs = {k: v for k, v in cross_attention_kwargs.items() if k in self._expected_kwargs}
        q = self.to_q(hidden_states) * kwargs.get("scale", 1.0)
        return self.to_out(q.softmax(-1) @ hidden_states.transpose(-1, -2) @ hidden_states)


def example():
    return Attention(), (torch.randn(1, 3, 8),)
