"""The 4D causal mask with cache position, the long static-method way: `torch.full` with the dtype minimum,
`triu`, a comparison with `cache_position`, then padding merged in with `padding_mask == 0` and a sliced
`masked_fill` written back into a clone."""
import torch
from torch import nn


def _prepare_4d_causal_attention_mask_with_cache_position(attention_mask, sequence_length, target_length, dtype,
                                                          cache_position, batch_size):
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
    def __init__(self, dim=8):
        super().__init__()
        self.embed = nn.Embedding(16, dim)
        self.layer = nn.Linear(dim, dim)

    def forward(self, input_ids, attention_mask):
        inputs_embeds = self.embed(input_ids)
        cache_position = torch.arange(inputs_embeds.shape[1])
        mask = _prepare_4d_causal_attention_mask_with_cache_position(
            attention_mask, inputs_embeds.shape[1], attention_mask.shape[-1], inputs_embeds.dtype, cache_position,
            inputs_embeds.shape[0])
        weights = mask.squeeze(1).softmax(-1)
        return weights @ self.layer(inputs_embeds)


def example():
    return Model(), (torch.randint(0, 16, (2, 4)), torch.tensor([[0, 1, 1, 1], [1, 1, 1, 1]]))
