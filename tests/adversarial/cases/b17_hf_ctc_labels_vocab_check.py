"""A wav2vec2-style CTC head: before the loss it checks that every label is inside the vocabulary, then keeps
the non-padding targets."""
import torch
from torch import nn

from b17_hf_utils import Config


class CtcHead(nn.Module):
    def __init__(self, config=Config()):
        super().__init__()
        self.config = config
        self.lm_head = nn.Linear(config.hidden_size, config.vocab_size)

    def forward(self, hidden_states, labels=None):
        logits = self.lm_head(hidden_states)
        loss = None
        if labels is not None:
            if labels.max() >= self.config.vocab_size:  # known-miss: CL101
                raise ValueError(f"Label values must be <= vocab_size: {self.config.vocab_size}")
            labels_mask = labels >= 0
            target_lengths = labels_mask.sum(-1)
            flattened_targets = labels.masked_select(labels_mask)  # expect: CL121
            loss = logits.log_softmax(-1).mean() * target_lengths.sum() + flattened_targets.float().mean()
        return loss, logits


def example():
    return CtcHead(), (torch.randn(2, 5, 8), torch.tensor([[3, 4, -100], [5, -100, -100]]))
