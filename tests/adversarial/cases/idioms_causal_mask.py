"""HF-style attention mask helpers: building the causal and padding masks is shape-only work; the
`0 in attention_mask` fast path reads tensor values."""
import torch
from torch import nn


def _make_causal_mask(input_shape, dtype, device, past_key_values_length=0):
    bsz, tgt_len = input_shape
    mask = torch.full((tgt_len, tgt_len), torch.finfo(dtype).min, device=device)
    mask_cond = torch.arange(mask.size(-1), device=device)
    mask.masked_fill_(mask_cond < (mask_cond + 1).view(mask.size(-1), 1), 0)
    if past_key_values_length > 0:
        mask = torch.cat([torch.zeros(tgt_len, past_key_values_length, dtype=dtype, device=device), mask], dim=-1)
    return mask[None, None, :, :].expand(bsz, 1, tgt_len, tgt_len + past_key_values_length)


def _expand_mask(mask, dtype, tgt_len=None):
    bsz, src_len = mask.size()
    tgt_len = tgt_len if tgt_len is not None else src_len
    expanded = mask[:, None, None, :].expand(bsz, 1, tgt_len, src_len).to(dtype)
    inverted = 1.0 - expanded
    return inverted.masked_fill(inverted.to(torch.bool), torch.finfo(dtype).min)


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, hidden, attention_mask):
        input_shape = hidden.shape[:2]
        causal = _make_causal_mask(input_shape, hidden.dtype, hidden.device)
        if attention_mask is not None and 0 in attention_mask:  # expect: CL111
            causal = causal + _expand_mask(attention_mask, hidden.dtype, tgt_len=input_shape[-1])
        scores = hidden @ hidden.transpose(-1, -2)
        scores = scores[:, None] + causal
        return self.proj(scores.softmax(-1)[:, 0] @ hidden)


def example():
    mask = torch.ones(2, 5, dtype=torch.long)
    mask[0, -2:] = 0
    return Decoder(), (torch.randn(2, 5, 8), mask)
