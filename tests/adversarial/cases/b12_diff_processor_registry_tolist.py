"""Processors registered by name and instantiated in __init__; the varlen one splits the keys by per-sample
lengths read from the mask with `.tolist()`."""
import torch
from torch import nn

from b12_quiet_diff_blocks import Attention, AttnProcessor


class VarlenProcessor:
    def __call__(self, attn, hidden_states, encoder_hidden_states=None, attention_mask=None):
        lengths = attention_mask.sum(-1).tolist()  # expect: CL112
        outputs = []
        for sample, length in zip(hidden_states, lengths):
            part = sample[: int(length)]
            outputs.append(attn.to_out(attn.to_v(part)).mean(0))
        return torch.stack(outputs)


PROCESSORS = {"default": AttnProcessor, "varlen": VarlenProcessor}


class PooledAttention(nn.Module):
    def __init__(self, dim=8, processor="varlen"):
        super().__init__()
        self.attn = Attention(dim, processor=PROCESSORS[processor]())

    def forward(self, x, mask):
        return self.attn(x, attention_mask=mask)


def example():
    return PooledAttention(), (torch.randn(2, 4, 8), torch.tensor([[1, 1, 0, 0], [1, 1, 1, 0]]))
