"""An extractive question-answering head picks the best start and end positions in a helper and returns the answer
span's hidden states, sliced by the two positions."""
import torch
from torch import nn


def best_span(start_logits, end_logits):
    start = start_logits.argmax(-1)
    end = torch.maximum(end_logits.argmax(-1), start)
    return start[0], end[0]


class SpanExtractor(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qa_outputs = nn.Linear(dim, 2)

    def forward(self, sequence_output):
        logits = self.qa_outputs(sequence_output)
        start_logits, end_logits = logits.split(1, dim=-1)
        start, end = best_span(start_logits.squeeze(-1), end_logits.squeeze(-1))
        answer = sequence_output[0, start:end]  # expect: CL114
        return answer.mean(0)


def example():
    return SpanExtractor(), (torch.randn(1, 6, 8),)
