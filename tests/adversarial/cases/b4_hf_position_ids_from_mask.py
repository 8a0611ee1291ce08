"""Position ids from a left-padded attention mask (cumsum, masked_fill_, slicing by the past length read from
a shape) compile; sizing the unpadded buffer from `int(attention_mask.sum(-1).max())` breaks, and the arange
sized by that Python int afterwards does not."""
import torch
from torch import nn


class Embeddings(nn.Module):
    def __init__(self, dim=8, max_positions=32):
        super().__init__()
        self.position_embeddings = nn.Embedding(max_positions, dim)

    def forward(self, inputs_embeds, attention_mask, past_key_values=None):
        past_key_values_length = past_key_values[0][0].shape[2] if past_key_values is not None else 0
        position_ids = attention_mask.long().cumsum(-1) - 1
        position_ids.masked_fill_(attention_mask == 0, 1)
        if past_key_values_length > 0:
            position_ids = position_ids[:, past_key_values_length:]
        cache_position = torch.arange(
            past_key_values_length, past_key_values_length + inputs_embeds.shape[1], device=inputs_embeds.device)
        max_len = int(attention_mask.sum(-1).max())  # expect: CL111
        positions = torch.arange(max_len, device=inputs_embeds.device)
        return inputs_embeds + self.position_embeddings(position_ids), cache_position, positions


def example():
    mask = torch.tensor([[0, 1, 1, 1], [1, 1, 1, 1]])
    return Embeddings(), (torch.randn(2, 4, 8), mask)
