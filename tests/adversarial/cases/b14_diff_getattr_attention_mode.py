"""The attention picks its implementation with `getattr(self, "_attention_" + mode)`; the sliced one logs
through the library's `get_logger` wrapper (imported from the utils file)."""
import torch
from torch import nn

from b14_quiet_diff_utils import SchedulerConfig, get_logger

logger = get_logger(__name__)


class Attention(nn.Module):
    def __init__(self, dim=8, mode="sliced"):
        super().__init__()
        self.mode = mode
        self.to_qkv = nn.Linear(dim, 3 * dim)

    def _attention_plain(self, q, k, v):
        return (q @ k.transpose(-1, -2)).softmax(-1) @ v

    def _attention_sliced(self, q, k, v):
        logger.info("computing attention in %d slices", q.shape[0])  # expect: CL131
        return torch.cat([self._attention_plain(q[i:i + 1], k[i:i + 1], v[i:i + 1]) for i in range(q.shape[0])])

    def forward(self, hidden_states):
        q, k, v = self.to_qkv(hidden_states).chunk(3, dim=-1)
        return getattr(self, "_attention_" + self.mode)(q, k, v)


def example():
    return Attention(), (torch.randn(2, 3, 8),)
