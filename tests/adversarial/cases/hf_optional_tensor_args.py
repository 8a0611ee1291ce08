"""A forward whose tensors arrive as `Optional[torch.Tensor] = None` keyword arguments (the transformers style):
where one is passed, reading its data breaks; `is None` tests and shape reads of them do not."""
from typing import Optional, Tuple

import torch
from torch import nn

import compilelint


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(16, 8)

    def forward(self, input_ids: Optional[torch.LongTensor] = None, attention_mask: Optional[torch.Tensor] = None,
                cache_position: Optional[torch.LongTensor] = None, labels: Optional[torch.LongTensor] = None,
                past_key_values: Optional[Tuple[torch.Tensor]] = None, use_cache: Optional[bool] = None):
        use_cache = use_cache if use_cache is not None else False
        if input_ids is None:
            raise ValueError("You have to specify input_ids")
        batch_size, seq_length = input_ids.shape
        if attention_mask is None:
            attention_mask = torch.ones(batch_size, seq_length, dtype=torch.long)
        if cache_position is not None and cache_position[0] != 0:  # expect: CL101
            input_ids = input_ids[:, -cache_position.shape[0]:]
        if attention_mask is not None and 0 in attention_mask:  # expect: CL111
            attention_mask = attention_mask.clone()
        hidden = self.embed(input_ids) * attention_mask[..., None]
        loss = None
        if labels is not None:
            loss = nn.functional.cross_entropy(hidden.view(-1, 8), labels.view(-1) % 8)
        return hidden, loss, past_key_values


def example():
    ids = torch.randint(0, 16, (2, 4))
    mask = torch.ones(2, 4, dtype=torch.long)
    mask[0, 0] = 0
    return compilelint.Example(Decoder(), (ids,), kwargs={"attention_mask": mask, "cache_position": torch.arange(2, 6),
                                                            "labels": torch.randint(0, 16, (2, 4))})
