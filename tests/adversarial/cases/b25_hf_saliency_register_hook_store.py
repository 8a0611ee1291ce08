"""A saliency switch on a text classifier stores the embeddings' gradient through a tensor hook (`register_hook` of a
bound method) that writes into a dict on the model: a side effect in a hook dynamo traces when it is registered."""
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
        self.saved = {}

    def _keep(self, grad):
        self.saved["embeds"] = grad  # known-miss: CL171

    def forward(self, input_ids):
        inputs_embeds = self.embed(input_ids)
        if self.config.output_saliency:
            inputs_embeds.register_hook(self._keep)
        return self.head(inputs_embeds.mean(1))


def example():
    return SaliencyClassifier(), (torch.tensor([[1, 2, 3], [4, 5, 6]]),)
