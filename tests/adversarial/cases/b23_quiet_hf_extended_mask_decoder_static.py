"""The encoder-era `get_extended_attention_mask`: a decoder's causal mask is built by a static method called through
the mixin class (`ModuleUtilsMixin.create_extended_attention_mask_for_decoder`), with a prefix of ones concatenated
(`axis=-1`) when the mask is longer than the input, then `(1 - mask) * finfo.min`."""
import torch
from torch import nn


class ModuleUtilsMixin:
    @staticmethod
    def create_extended_attention_mask_for_decoder(input_shape, attention_mask):
        batch_size, seq_length = input_shape
        seq_ids = torch.arange(seq_length)
        causal_mask = seq_ids[None, None, :].repeat(batch_size, seq_length, 1) <= seq_ids[None, :, None]
        causal_mask = causal_mask.to(attention_mask.dtype)
        if causal_mask.shape[1] < attention_mask.shape[1]:
            prefix_seq_len = attention_mask.shape[1] - causal_mask.shape[1]
            causal_mask = torch.cat(
                [torch.ones((batch_size, seq_length, prefix_seq_len), dtype=causal_mask.dtype), causal_mask], axis=-1
            )
        return causal_mask[:, None, :, :] * attention_mask[:, None, None, :]

    def get_extended_attention_mask(self, attention_mask, input_shape, dtype=torch.float32):
        if attention_mask.dim() == 3:
            extended_attention_mask = attention_mask[:, None, :, :]
        elif attention_mask.dim() == 2:
            if self.is_decoder:
                extended_attention_mask = ModuleUtilsMixin.create_extended_attention_mask_for_decoder(input_shape, attention_mask)
            else:
                extended_attention_mask = attention_mask[:, None, None, :]
        else:
            raise ValueError(f"Wrong shape for input_ids (shape {input_shape}) or attention_mask (shape {attention_mask.shape})")
        extended_attention_mask = extended_attention_mask.to(dtype=dtype)
        return (1.0 - extended_attention_mask) * torch.finfo(dtype).min


class BertLikeDecoder(nn.Module, ModuleUtilsMixin):
    is_decoder = True

    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(16, 8)
        self.prefix = nn.Parameter(torch.randn(1, 2, 8))

    def forward(self, input_ids, attention_mask):
        hidden = self.embed(input_ids)
        keys = torch.cat([self.prefix.expand(hidden.shape[0], -1, -1), hidden], dim=1)
        ext = self.get_extended_attention_mask(attention_mask, input_ids.shape)
        scores = hidden @ keys.transpose(-1, -2) / 8 ** 0.5
        return (scores[:, None] + ext).softmax(-1)


def example():
    return BertLikeDecoder(), (torch.randint(0, 16, (2, 3)), torch.ones(2, 5))
