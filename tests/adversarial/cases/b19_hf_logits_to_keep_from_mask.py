"""A causal LM head that only computes logits for the last positions; how many is read off the shortest
attention mask in the batch (a 0-d tensor), then used as a slice bound."""
import torch
from torch import nn


class CausalLMHead(nn.Module):
    def __init__(self, dim=4, vocab=7):
        super().__init__()
        self.model = nn.Linear(dim, dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, inputs_embeds, attention_mask):
        hidden_states = self.model(inputs_embeds)
        logits_to_keep = attention_mask.sum(-1).min()
        hidden_states = hidden_states[:, -logits_to_keep:, :]  # expect: CL114
        return self.lm_head(hidden_states)


def example():
    mask = torch.ones(2, 5, dtype=torch.long)
    mask[1, :2] = 0
    return CausalLMHead(), (torch.randn(2, 5, 4), mask)
