"""A 4-d causal mask from cache_position: finfo min, triu, a comparison with arange multiplied in, a padding
merge through masked_fill, and `~torch.all(mask == min_dtype, dim=-1, keepdim=True)` (a reduction kept as a
tensor, not a Python bool): nothing breaks."""
import torch
from torch import nn


def causal_mask_with_cache_position(attention_mask, sequence_length, target_length, dtype, cache_position, batch_size):
    min_dtype = torch.finfo(dtype).min
    causal_mask = torch.full((sequence_length, target_length), fill_value=min_dtype, dtype=dtype)
    if sequence_length != 1:
        causal_mask = torch.triu(causal_mask, diagonal=1)
    causal_mask *= torch.arange(target_length) > cache_position.reshape(-1, 1)
    causal_mask = causal_mask[None, None, :, :].expand(batch_size, 1, -1, -1)
    if attention_mask is not None:
        causal_mask = causal_mask.clone()
        mask_length = attention_mask.shape[-1]
        padding_mask = causal_mask[:, :, :, :mask_length] + attention_mask[:, None, None, :]
        padding_mask = padding_mask == 0
        causal_mask[:, :, :, :mask_length] = causal_mask[:, :, :, :mask_length].masked_fill(padding_mask, min_dtype)
    return causal_mask


def unmask_unattended(expanded_mask, min_dtype):
    if expanded_mask.dtype == torch.bool:
        raise ValueError("AttentionMaskConverter._unmask_unattended expects a float `expanded_mask`, got a BoolTensor.")
    return expanded_mask.mul(~torch.all(expanded_mask == min_dtype, dim=-1, keepdim=True))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, attention_mask, cache_position):
        b, n, _ = x.shape
        mask = causal_mask_with_cache_position(attention_mask, n, attention_mask.shape[-1], x.dtype, cache_position, b)
        if attention_mask is not None and attention_mask.device.type in ["cuda", "xpu", "npu", "cpu"]:
            mask = unmask_unattended(mask, torch.finfo(x.dtype).min)
        return self.proj(x), mask


def example():
    return Model(), (torch.randn(2, 3, 4), torch.tensor([[0, 1, 1], [1, 1, 1]]), torch.arange(3))
