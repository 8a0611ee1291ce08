"""A greedy decoding loop compiled whole: the stop test on `unfinished_sequences.max() == 0` is a tensor condition
inside the loop, next to a cur_len counter and a length check that are plain ints."""
import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self, vocab=11, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, input_ids):
        return self.head(self.embed(input_ids))


class GreedySearch(nn.Module):
    def __init__(self, max_length=6, eos_token_id=3, pad_token_id=0):
        super().__init__()
        self.model = TinyLM()
        self.max_length = max_length
        self.eos_token_id = eos_token_id
        self.pad_token_id = pad_token_id

    def forward(self, input_ids):
        batch_size, cur_len = input_ids.shape
        unfinished_sequences = torch.ones(batch_size, dtype=torch.long, device=input_ids.device)
        while cur_len < self.max_length:
            logits = self.model(input_ids)[:, -1, :]
            next_tokens = torch.argmax(logits, dim=-1)
            next_tokens = next_tokens * unfinished_sequences + self.pad_token_id * (1 - unfinished_sequences)
            input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
            unfinished_sequences = unfinished_sequences & (next_tokens != self.eos_token_id).long()
            cur_len += 1
            if unfinished_sequences.max() == 0:  # expect: CL101
                break
        return input_ids


def example():
    return GreedySearch(), (torch.randint(4, 11, (2, 3)),)
