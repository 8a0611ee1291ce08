"""Position ids for left padding: `attention_mask.long().cumsum(-1) - 1`, the padded slots filled in place,
and only the new tokens' ids kept when a cache length (a Python int) is given."""
import torch
from torch import nn


class Embeddings(nn.Module):
    def __init__(self, vocab=9, dim=4, max_positions=16):
        super().__init__()
        self.tokens = nn.Embedding(vocab, dim)
        self.positions = nn.Embedding(max_positions, dim)

    def forward(self, input_ids, attention_mask, past_key_values_length=0, position_ids=None):
        if position_ids is None:
            position_ids = attention_mask.long().cumsum(-1) - 1
            position_ids.masked_fill_(attention_mask == 0, 1)
            if past_key_values_length:
                position_ids = position_ids[:, -input_ids.shape[1]:]
        elif position_ids.dim() == 1:
            position_ids = position_ids.unsqueeze(0)
        return self.tokens(input_ids) + self.positions(position_ids.clamp(min=0))


def example():
    ids = torch.randint(0, 9, (2, 2))
    mask = torch.tensor([[0, 1, 1, 1], [1, 1, 1, 1]])
    return Embeddings(), (ids, mask, 2)
