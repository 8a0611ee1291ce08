"""A compiled greedy-decoding step: picking tokens is in-graph; the `this_peer_finished` stop check and
the eos bookkeeping read tensor values."""
import torch
from torch import nn


class Decoder(nn.Module):
    def __init__(self, vocab=10, eos_token_id=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, 4)
        self.head = nn.Linear(4, vocab)
        self.eos_token_id = eos_token_id

    def forward(self, input_ids, unfinished_sequences):
        logits = self.head(self.embed(input_ids))[:, -1, :]
        next_tokens = torch.argmax(logits, dim=-1)
        next_tokens = next_tokens * unfinished_sequences + 0 * (1 - unfinished_sequences)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        unfinished_sequences = unfinished_sequences & (next_tokens != self.eos_token_id)
        this_peer_finished = unfinished_sequences.max() == 0
        if this_peer_finished:  # expect: CL101
            return input_ids, unfinished_sequences
        return input_ids[:, -2:], unfinished_sequences


def example():
    return Decoder(), (torch.tensor([[1, 3], [4, 5]]), torch.ones(2, dtype=torch.long))
