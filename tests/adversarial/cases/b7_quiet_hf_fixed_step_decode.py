"""A decode loop with a fixed number of steps: finished rows are tracked as a tensor and padded with tensor
arithmetic, tokens are appended to a Python list and concatenated at the end; nothing stops early."""
import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self, vocab=9, dim=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        return self.head(self.embed(ids))


class Decoder(nn.Module):
    def __init__(self, max_new_tokens=3, eos_token_id=2, pad_token_id=0):
        super().__init__()
        self.lm = TinyLM()
        self.max_new_tokens = max_new_tokens
        self.eos_token_id = eos_token_id
        self.pad_token_id = pad_token_id

    def forward(self, input_ids):
        unfinished = input_ids.new_ones(input_ids.shape[0])
        generated = [input_ids]
        ids = input_ids
        for _ in range(self.max_new_tokens):
            next_tokens = self.lm(ids)[:, -1].argmax(-1)
            next_tokens = next_tokens * unfinished + self.pad_token_id * (1 - unfinished)
            unfinished = unfinished & (next_tokens != self.eos_token_id).long()
            generated.append(next_tokens[:, None])
            ids = torch.cat(generated, dim=-1)
        return ids, unfinished


def example():
    return Decoder(), (torch.tensor([[1, 3], [4, 5]]),)
