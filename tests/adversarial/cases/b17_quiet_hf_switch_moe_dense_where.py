"""The sparse MLP run densely: every expert of the ModuleDict sees every token, and the router's one-hot mask
selects with multiplication."""
import torch
from torch import nn

from b17_hf_utils import Config


class DenseSwitchMLP(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.router = nn.Linear(config.hidden_size, config.num_experts)
        self.experts = nn.ModuleDict(
            {f"expert_{i}": nn.Linear(config.hidden_size, config.hidden_size) for i in range(config.num_experts)})

    def forward(self, hidden_states):
        router_mask = nn.functional.one_hot(self.router(hidden_states).argmax(-1), len(self.experts))
        next_states = torch.zeros_like(hidden_states)
        for idx, expert in enumerate(self.experts.values()):
            token_mask = router_mask[:, :, idx].unsqueeze(-1).to(hidden_states.dtype)
            next_states = next_states + token_mask * expert(hidden_states)
        return next_states


def example():
    return DenseSwitchMLP(), (torch.randn(2, 3, 8),)
