"""A causal-LM head whose config names the causal loss: the property looks it up in the utils file's mapping, and
that loss shifts and averages without testing the labels."""
import torch
from torch import nn

from b20_hf_utils import LOSS_MAPPING, Config


class CausalConfig(Config):
    loss_type = "ForCausalLM"


class CausalLMHead(nn.Module):
    def __init__(self, config=CausalConfig()):
        super().__init__()
        self.config = config
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size)

    @property
    def loss_function(self):
        return LOSS_MAPPING[self.config.loss_type]

    def forward(self, hidden_states, labels=None):
        logits = self.lm_head(hidden_states)
        loss = self.loss_function(logits, labels) if labels is not None else None
        return loss, logits


def example():
    return CausalLMHead(), (torch.randn(2, 3, 8), torch.tensor([[1, -100, 3], [-100, 5, 6]]))
