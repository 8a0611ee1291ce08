"""The 4-D mask expansion: `1.0 - mask[:, None, None, :]`, then `masked_fill(inverted.to(torch.bool),
torch.finfo(dtype).min)` - every step a tensor op or a dtype constant."""
import torch
from torch import nn


def _expand_mask(mask, dtype, tgt_len=None):
    bsz, src_len = mask.size()
    tgt_len = tgt_len if tgt_len is not None else src_len
    expanded = mask[:, None, None, :].expand(bsz, 1, tgt_len, src_len).to(dtype)
    inverted = 1.0 - expanded
    return inverted.masked_fill(inverted.to(torch.bool), torch.finfo(dtype).min)


class Encoder(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.q = nn.Linear(dim, dim)

    def forward(self, hidden_states, attention_mask=None):
        scores = self.q(hidden_states) @ hidden_states.transpose(-1, -2)
        if attention_mask is not None:
            scores = scores[:, None] + _expand_mask(attention_mask, scores.dtype)
        return scores.softmax(-1)


def example():
    return Encoder(), (torch.randn(2, 4, 8), torch.tensor([[1, 1, 1, 0], [1, 1, 1, 1]]))
