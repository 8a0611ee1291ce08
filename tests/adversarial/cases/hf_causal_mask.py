"""4-D causal mask preparation with the padding fast path and the sdpa 'can we drop the mask' check."""
import torch
from torch import nn


def _ignore_causal_mask_sdpa(attention_mask, inputs_embeds, past_key_values_length, is_training=False):
    _, query_length = inputs_embeds.shape[0], inputs_embeds.shape[1]
    key_value_length = query_length + past_key_values_length
    is_tracing = torch.jit.is_tracing() or isinstance(inputs_embeds, torch.fx.Proxy)
    ignore_causal_mask = False
    if attention_mask is None:
        if is_training and (query_length == 1 or key_value_length == query_length):
            ignore_causal_mask = True
    elif query_length == 1 or key_value_length == query_length:
        if not is_tracing and torch.all(attention_mask == 1):  # expect: CL101
            ignore_causal_mask = True
    return ignore_causal_mask


def _update_causal_mask(attention_mask, input_tensor, cache_position):
    dtype = input_tensor.dtype
    min_dtype = torch.finfo(dtype).min
    sequence_length = input_tensor.shape[1]
    target_length = attention_mask.shape[-1] if attention_mask is not None else sequence_length
    causal_mask = torch.full((sequence_length, target_length), fill_value=min_dtype, dtype=dtype)
    if sequence_length != 1:
        causal_mask = torch.triu(causal_mask, diagonal=1)
    causal_mask *= torch.arange(target_length) > cache_position.reshape(-1, 1)
    causal_mask = causal_mask[None, None, :, :].expand(input_tensor.shape[0], 1, -1, -1)
    if attention_mask is not None:
        causal_mask = causal_mask.clone()
        mask_length = attention_mask.shape[-1]
        padding_mask = causal_mask[:, :, :, :mask_length] + attention_mask[:, None, None, :]
        padding_mask = padding_mask == 0
        causal_mask[:, :, :, :mask_length] = causal_mask[:, :, :, :mask_length].masked_fill(padding_mask, min_dtype)
    return causal_mask


class Model(nn.Module):
    def forward(self, inputs_embeds, attention_mask):
        cache_position = torch.arange(inputs_embeds.shape[1])
        if _ignore_causal_mask_sdpa(attention_mask, inputs_embeds, 0):
            return inputs_embeds, None
        if attention_mask is not None and 0 in attention_mask:  # expect: CL111
            mask = _update_causal_mask(attention_mask, inputs_embeds, cache_position)
        else:
            mask = None
        return inputs_embeds * 2, mask


def example():
    mask = torch.ones(2, 5, dtype=torch.long)
    mask[0, :2] = 0
    return Model(), (torch.randn(2, 5, 4), mask)
