"""An encoder returns a ModelOutput-like dict that also carries the unpadded lengths, computed for the caller
as a Python list (`attention_mask.sum(-1).tolist()`)."""
import torch
from torch import nn


class EncoderOutput(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as err:
            raise AttributeError(name) from err


class Encoder(nn.Module):
    def __init__(self, vocab=9, dim=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)

    def forward(self, input_ids, attention_mask, return_dict=True):
        hidden = self.embed(input_ids) * attention_mask[..., None]
        if not return_dict:
            return (hidden,)
        return EncoderOutput(last_hidden_state=hidden, lengths=attention_mask.sum(-1).tolist())  # expect: CL112


def example():
    return Encoder(), (torch.randint(0, 9, (2, 4)), torch.tensor([[1, 1, 0, 0], [1, 1, 1, 1]]))
