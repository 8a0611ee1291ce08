"""An encoder inherits `get_extended_attention_mask` from the utils file's pretrained-model base: the base's check
for an already-extended mask (`attention_mask.min() < 0`) breaks in the utils file, reached from this forward."""
import torch
from torch import nn

from b27_hf_utils import TinyPreTrainedModel


class TinyEncoder(TinyPreTrainedModel):
    def __init__(self, dim=4):
        super().__init__()
        self.embed = nn.Embedding(10, dim)
        self.attn = nn.MultiheadAttention(dim, 1, batch_first=True)

    def forward(self, input_ids, attention_mask):
        h = self.embed(input_ids)
        bias = self.get_extended_attention_mask(attention_mask, h.dtype)
        out, _ = self.attn(h, h, h, attn_mask=bias[:, 0].expand(-1, h.size(1), -1))
        return out


def example():
    return TinyEncoder(), (torch.tensor([[1, 2, 3], [4, 5, 6]]), torch.ones(2, 3))
