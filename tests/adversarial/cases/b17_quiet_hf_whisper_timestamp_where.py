"""The timestamp processor without a Python branch: the per-row comparison becomes a mask applied with
masked_fill over the text tokens."""
import torch
from torch import nn


class TimestampProcessor:
    def __init__(self, timestamp_begin=10):
        self.timestamp_begin = timestamp_begin

    def __call__(self, input_ids, scores):
        logprobs = scores.log_softmax(dim=-1)
        timestamp_logprob = logprobs[:, self.timestamp_begin:].logsumexp(dim=-1)
        max_text_token_logprob = logprobs[:, : self.timestamp_begin].amax(dim=-1)
        suppress = (timestamp_logprob > max_text_token_logprob)[:, None]
        text = torch.arange(scores.shape[-1]) < self.timestamp_begin
        return scores.masked_fill(suppress & text, -float("inf"))


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.lm_head = nn.Linear(8, 16)
        self.processor = TimestampProcessor()

    def forward(self, input_ids, hidden_states):
        return self.processor(input_ids, self.lm_head(hidden_states[:, -1]))


def example():
    return Decoder(), (torch.tensor([[1, 2], [3, 4]]), torch.randn(2, 2, 8))
