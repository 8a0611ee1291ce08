"""The 4d-mask helper returns early when every position is attended, a test on the mask's values."""
import torch
from torch import nn

from b13_quiet_hf_modeling import Config, TemplateLayer


def prepare_4d_mask(mask, dtype):
    if mask is None:
        return None
    if (mask == 1).all():  # expect: CL101
        return None
    return (1.0 - mask[:, None, None, :].to(dtype)) * torch.finfo(dtype).min


class MaskedAttentionLayer(TemplateLayer):
    def _attend(self, hidden, mask):
        bias = prepare_4d_mask(mask, hidden.dtype)
        scores = hidden @ hidden.transpose(-1, -2)
        if bias is not None:
            scores = scores + bias[:, 0]
        return scores.softmax(-1) @ hidden


def example():
    return MaskedAttentionLayer(Config()), (torch.randn(1, 3, 8), torch.tensor([[1, 1, 0]]))
