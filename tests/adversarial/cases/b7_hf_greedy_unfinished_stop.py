"""A greedy decoding loop in the style of a model hub's generate(), living in a mixin: finished rows are
padded, and the loop stops as soon as every row has produced the end-of-sequence token, asked through a
helper: `unfinished_sequences.max() == 0`."""
import torch
from torch import nn


class GenerationMixin:
    def _has_unfinished_sequences(self, unfinished_sequences):
        return not unfinished_sequences.max() == 0  # expect: CL101

    def greedy(self, input_ids, max_new_tokens=3, eos_token_id=2, pad_token_id=0):
        unfinished_sequences = torch.ones(input_ids.shape[0], dtype=torch.long)
        step = 0
        while step < max_new_tokens and self._has_unfinished_sequences(unfinished_sequences):
            logits = self(input_ids)[:, -1, :]
            next_tokens = logits.argmax(-1)
            next_tokens = next_tokens * unfinished_sequences + pad_token_id * (1 - unfinished_sequences)
            input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
            unfinished_sequences = unfinished_sequences & ~(next_tokens == eos_token_id)
            step += 1
        return input_ids


class TinyLM(GenerationMixin, nn.Module):
    def __init__(self, vocab=11, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, input_ids):
        return self.head(self.embed(input_ids))


class Chat(nn.Module):
    def __init__(self):
        super().__init__()
        self.lm = TinyLM()

    def forward(self, input_ids):
        return self.lm.greedy(input_ids)


def example():
    return Chat(), (torch.tensor([[1, 3], [4, 5]]),)
