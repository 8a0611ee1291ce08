"""A loader reads norms with .item() (not compiled); the forward turns the registered temperature buffer into
a Python float to scale logits."""
import torch
from torch import nn


class ContrastiveHead(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.text_proj = nn.Linear(dim, dim)
        self.image_proj = nn.Linear(dim, dim)
        self.register_buffer("logit_scale", torch.tensor(2.6592))

    @classmethod
    def from_state(cls, state):
        head = cls()
        head.load_state_dict(state)
        print("logit scale", head.logit_scale.exp().item())
        return head

    def forward(self, text, image):
        text = nn.functional.normalize(self.text_proj(text), dim=-1)
        image = nn.functional.normalize(self.image_proj(image), dim=-1)
        scale = float(self.logit_scale.exp())  # expect: CL111
        return scale * text @ image.t()


def example():
    head = ContrastiveHead.from_state(ContrastiveHead().state_dict())
    return head, (torch.randn(2, 8), torch.randn(3, 8))
