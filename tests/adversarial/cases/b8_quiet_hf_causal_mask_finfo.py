"""A static-cache causal mask: `torch.finfo(dtype).min` as the fill value, `torch.triu`, a comparison
with `cache_position` and a padding merge by `masked_fill`; every step stays a tensor op."""
import torch
from torch import nn


def causal_mask_with_cache_position(attention_mask, sequence_length, target_length, dtype, cache_position,
                                    batch_size):
    if attention_mask is not None and attention_mask.dim() == 4:
        return attention_mask
    min_dtype = torch.finfo(dtype).min
    causal_mask = torch.full((sequence_length, target_length), fill_value=min_dtype, dtype=dtype)
    if sequence_length != 1:
        causal_mask = torch.triu(causal_mask, diagonal=1)
    causal_mask *= torch.arange(target_length) > cache_position.reshape(-1, 1)
    causal_mask = causal_mask[None, None, :, :].expand(batch_size, 1, -1, -1)
    if attention_mask is not None:
        causal_mask = causal_mask.clone()
        mask_length = attention_mask.shape[-1]
        padding_mask = causal_mask[:, :, :, :mask_length] + attention_mask[:, None, None, :].to(dtype)
        padding_mask = padding_mask == 0
        causal_mask[:, :, :, :mask_length] = causal_mask[:, :, :, :mask_length].masked_fill(padding_mask, min_dtype)
    return causal_mask


class Model(nn.Module):
    def forward(self, scores, attention_mask, cache_position):
        bsz, _, seq, target = scores.shape
        mask = causal_mask_with_cache_position(attention_mask, seq, target, scores.dtype, cache_position, bsz)
        return (scores + mask).softmax(-1)


def example():
    return Model(), (torch.randn(2, 1, 3, 3), torch.tensor([[0, 1, 1], [1, 1, 1]]), torch.arange(3))
