"""A model-hub utils file for batch 27: a pretrained-model base class whose mask helper warns when an extended mask
already holds large negatives (a tensor test), and a fixed dtype-min helper that compiles. The other b27 text cases
inherit from it; its example builds an extended mask from a 0/1 mask."""
import torch
from torch import nn


class TinyPreTrainedModel(nn.Module):
    """Base class: the helpers every text model of the batch inherits."""

    def get_extended_attention_mask(self, attention_mask, dtype):
        if attention_mask.min() < 0:  # expect: CL101
            return attention_mask.to(dtype)
        extended = attention_mask[:, None, None, :].to(dtype)
        return (1.0 - extended) * torch.finfo(dtype).min

    def invert_attention_mask(self, attention_mask, dtype):
        if attention_mask.dim() == 2:
            attention_mask = attention_mask[:, None, None, :]
        return (1.0 - attention_mask.to(dtype)) * torch.finfo(dtype).min


class _MaskDemo(TinyPreTrainedModel):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, h, attention_mask):
        mask = self.get_extended_attention_mask(attention_mask, h.dtype)
        return self.proj(h) + mask.squeeze(1).transpose(-1, -2)[..., :1]


def example():
    return _MaskDemo(), (torch.randn(2, 3, 4), torch.ones(2, 3))
