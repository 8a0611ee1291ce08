"""A pipeline's prompt encoder warns when the tokenizer truncated the prompt: the ids with and without
truncation are compared with `torch.equal` once their lengths say they might differ."""
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class PromptEncoder(nn.Module):
    def __init__(self, vocab=16, dim=8, max_length=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.max_length = max_length

    def encode_prompt(self, untruncated_ids):
        text_input_ids = untruncated_ids[:, : self.max_length]
        if untruncated_ids.shape[-1] >= text_input_ids.shape[-1] and not torch.equal(  # expect: CL102
            text_input_ids, untruncated_ids
        ):
            logger.warning("The following part of your input was truncated")  # expect: CL131
        return self.embed(text_input_ids)

    def forward(self, untruncated_ids):
        return self.encode_prompt(untruncated_ids).mean(1)


def example():
    return PromptEncoder(), (torch.tensor([[1, 2, 3, 4, 5]]),)
