"""An attend-and-excite style loss: the strongest attention per token is a 0-d tensor, and the loss takes the
builtin max over `max(0, 1.0 - value)` terms (builtin max of tensors and ints)."""
import torch
from torch import nn


class AttendExciteLoss(nn.Module):
    def __init__(self, dim=4, token_indices=(1, 2)):
        super().__init__()
        self.attn = nn.Linear(dim, dim)
        self.token_indices = list(token_indices)

    def forward(self, hidden_states):
        attention_maps = torch.softmax(self.attn(hidden_states), dim=-1)
        max_attention_per_index = [attention_maps[..., i].max() for i in self.token_indices]
        losses = [max(0, 1.0 - curr_max) for curr_max in max_attention_per_index]
        loss = max(losses)
        return hidden_states * (1 - loss)


def example():
    return AttendExciteLoss(), (torch.randn(2, 3, 4),)
