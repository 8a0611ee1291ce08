"""Attention implementation chosen with `getattr(self, "_attention_" + mode)` from a config string; both
implementations are plain tensor code."""
import torch
from torch import nn

from b14_quiet_diff_utils import SchedulerConfig, get_logger

logger = get_logger(__name__)


class Attention(nn.Module):
    def __init__(self, dim=8, config=SchedulerConfig()):
        super().__init__()
        self.mode = config.attention_mode
        self.to_qkv = nn.Linear(dim, 3 * dim)
        if self.mode not in ("plain", "sliced"):
            logger.warning("unknown attention mode %s", self.mode)

    def _attention_plain(self, q, k, v):
        return (q @ k.transpose(-1, -2)).softmax(-1) @ v

    def _attention_sliced(self, q, k, v):
        return torch.cat([self._attention_plain(q[i:i + 1], k[i:i + 1], v[i:i + 1]) for i in range(q.shape[0])])

    def forward(self, hidden_states):
        q, k, v = self.to_qkv(hidden_states).chunk(3, dim=-1)
        return getattr(self, "_attention_" + self.mode)(q, k, v)


def example():
    return Attention(), (torch.randn(2, 3, 8),)
