"""The prompt encoder's truncation warning decided from lengths only (Python ints); the ids are never compared
as tensors in Python."""
import torch
from torch import nn


class PromptEncoder(nn.Module):
    def __init__(self, vocab=16, dim=8, max_length=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.max_length = max_length
        self.truncated = False

    def forward(self, untruncated_ids):
        text_input_ids = untruncated_ids[:, : self.max_length]
        if untruncated_ids.shape[-1] > text_input_ids.shape[-1]:
            self.truncated = True
        same = torch.eq(text_input_ids, untruncated_ids[:, : text_input_ids.shape[-1]]).all()
        return self.embed(text_input_ids).mean(1) * same


def example():
    return PromptEncoder(), (torch.tensor([[1, 2, 3, 4, 5]]),)
