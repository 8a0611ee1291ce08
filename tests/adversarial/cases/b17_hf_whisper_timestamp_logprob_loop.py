"""A Whisper-style timestamp logits processor: per batch row, if the timestamp tokens together are more likely
than any text token, suppress the text tokens."""
import torch
from torch import nn


class TimestampProcessor:
    def __init__(self, timestamp_begin=10):
        self.timestamp_begin = timestamp_begin

    def __call__(self, input_ids, scores):
        logprobs = scores.log_softmax(dim=-1)
        for k in range(input_ids.shape[0]):
            timestamp_logprob = logprobs[k, self.timestamp_begin:].logsumexp(dim=-1)
            max_text_token_logprob = logprobs[k, : self.timestamp_begin].max()
            if timestamp_logprob > max_text_token_logprob:  # expect: CL101
                scores[k, : self.timestamp_begin] = -float("inf")
        return scores


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.lm_head = nn.Linear(8, 16)
        self.processor = TimestampProcessor()

    def forward(self, input_ids, hidden_states):
        scores = self.lm_head(hidden_states[:, -1])
        return self.processor(input_ids, scores)


def example():
    return Decoder(), (torch.tensor([[1, 2], [3, 4]]), torch.randn(2, 2, 8))
