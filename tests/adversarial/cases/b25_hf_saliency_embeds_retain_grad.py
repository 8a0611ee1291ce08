"""An interpretability switch on a text classifier keeps the gradient of the input embeddings for saliency maps:
`inputs_embeds.retain_grad()` when the config asks for it."""
import torch
from torch import nn


class SaliencyConfig:
    vocab_size = 16
    hidden_size = 8
    output_saliency = True


class SaliencyClassifier(nn.Module):
    def __init__(self, config=SaliencyConfig()):
        super().__init__()
        self.config = config
        self.embed = nn.Embedding(config.vocab_size, config.hidden_size)
        self.head = nn.Linear(config.hidden_size, 2)

    def forward(self, input_ids):
        inputs_embeds = self.embed(input_ids)
        if self.config.output_saliency:
            inputs_embeds.retain_grad()  # expect: CL146
        return self.head(inputs_embeds.mean(1)), inputs_embeds


def example():
    return SaliencyClassifier(), (torch.tensor([[1, 2, 3], [4, 5, 6]]),)
