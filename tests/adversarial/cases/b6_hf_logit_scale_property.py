"""A contrastive (CLIP-style) head exposes its temperature through a property that returns the exponentiated
learnable parameter. Clamping it in the graph compiles; a forward that skips the scaling when the temperature
is "effectively one" branches on the tensor."""
import torch
from torch import nn


class ContrastiveHead(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.text_proj = nn.Linear(dim, dim)
        self.image_proj = nn.Linear(dim, dim)
        self.logit_scale = nn.Parameter(torch.tensor(2.6592))

    @property
    def temperature(self):
        return self.logit_scale.exp().clamp(max=100)

    def forward(self, text, image):
        text = nn.functional.normalize(self.text_proj(text), dim=-1)
        image = nn.functional.normalize(self.image_proj(image), dim=-1)
        logits = text @ image.t()
        if self.temperature != 1.0:  # expect: CL101
            logits = logits * self.temperature
        return logits, logits.t()


def example():
    return ContrastiveHead(), (torch.randn(2, 4), torch.randn(3, 4))
