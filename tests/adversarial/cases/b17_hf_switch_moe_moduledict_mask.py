"""A Switch-Transformers-style sparse MLP: the router picks one expert per token, and each expert of a
ModuleDict runs on the tokens routed to it (a boolean mask on both sides of the assignment)."""
import torch
from torch import nn

from b17_hf_utils import Config


class SparseMLP(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.router = nn.Linear(config.hidden_size, config.num_experts)
        self.experts = nn.ModuleDict(
            {f"expert_{i}": nn.Linear(config.hidden_size, config.hidden_size) for i in range(config.num_experts)})

    def forward(self, hidden_states):
        router_mask = nn.functional.one_hot(self.router(hidden_states).argmax(-1), len(self.experts))
        next_states = hidden_states.clone()
        for idx, expert in enumerate(self.experts.values()):
            token_indices = router_mask[:, :, idx].bool()
            next_states[token_indices] = expert(hidden_states[token_indices])  # expect: CL122
        return next_states


def example():
    return SparseMLP(), (torch.randn(2, 3, 8),)
