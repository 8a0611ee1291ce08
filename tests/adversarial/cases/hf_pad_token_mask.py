"""Attention mask inferred from padding: the tensor-only form and the `pad_token_id in input_ids` fast path."""
import torch
from torch import nn


def prepare_attention_mask_for_generation(inputs, pad_token_id, eos_token_id):
    default_attention_mask = torch.ones(inputs.shape[:2], dtype=torch.long, device=inputs.device)
    if pad_token_id is None:
        return default_attention_mask
    is_input_ids = len(inputs.shape) == 2 and inputs.dtype in [torch.int, torch.long]
    if not is_input_ids:
        return default_attention_mask
    is_pad_token_in_inputs = (pad_token_id is not None) and (torch.isin(inputs, pad_token_id).any())
    is_pad_token_not_equal_to_eos_token_id = (eos_token_id is None) or ~(torch.isin(eos_token_id, pad_token_id).any())
    can_infer_attention_mask = is_pad_token_in_inputs * is_pad_token_not_equal_to_eos_token_id
    attention_mask_from_padding = inputs.ne(pad_token_id).long()
    return attention_mask_from_padding * can_infer_attention_mask + default_attention_mask * ~can_infer_attention_mask


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(16, 4)
        self.pad_token_id = 0

    def forward(self, input_ids, pad_token_id, eos_token_id):
        mask = prepare_attention_mask_for_generation(input_ids, pad_token_id, eos_token_id)
        if self.pad_token_id in input_ids:  # known-miss: CL111
            mask = mask * input_ids.ne(self.pad_token_id)
        return self.embed(input_ids) * mask[..., None]


def example():
    ids = torch.randint(1, 16, (2, 5))
    ids[0, 0] = 0
    return Model(), (ids, torch.tensor(0), torch.tensor([2]))
