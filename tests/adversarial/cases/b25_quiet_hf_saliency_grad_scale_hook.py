"""The saliency switch registers a pure tensor hook on the embeddings (a module-level function that scales the
gradient and returns it, no state written)."""
import torch
from torch import nn


def scale_grad(grad):
    return grad * 0.5


class SaliencyClassifier(nn.Module):
    def __init__(self, vocab_size=16, hidden_size=8):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden_size)
        self.head = nn.Linear(hidden_size, 2)
        self.output_saliency = True

    def forward(self, input_ids):
        inputs_embeds = self.embed(input_ids)
        if self.output_saliency:
            inputs_embeds.register_hook(scale_grad)
        return self.head(inputs_embeds.mean(1))


def example():
    return SaliencyClassifier(), (torch.tensor([[1, 2, 3], [4, 5, 6]]),)
