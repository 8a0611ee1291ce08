"""A tensor `assert` whose message is implicitly concatenated (torch-gauge's IELin, missed in held-out 33): dynamo
turns the assert into a runtime check only when the message is one constant of the bytecode. Adjacent plain strings
(and f-strings without fields) are folded into one constant and compile; one f-string with fields among them builds
the message at run time, so dynamo branches on the tensor (GB0170). A message runs only when its test fails: the
`.item()` in one is never traced, neither behind a Python test that passes nor behind a tensor test dynamo breaks on
first (adversarial batch 14)."""
import torch
from torch import nn


class Checked(nn.Module):
    def __init__(self):
        super().__init__()
        self.expected = torch.tensor([4, 4, 2])

    def forward(self, x, metadata):
        assert torch.all(metadata.eq(self.expected)), (
            "metadata differs from "
            f"the layer's"
        )
        assert torch.all(metadata.eq(self.expected)), (  # expect: CL101
            f"Expected metadata {self.expected}, "
            f"got {metadata} instead"
        )
        assert x.dim() == 1, f"expected a vector, got max {x.max().item()}"
        assert (metadata > 0).all(), f"non-positive metadata, min {metadata.min().item()}"  # expect: CL101
        return x + 1


def example():
    return Checked(), (torch.randn(3), torch.tensor([4, 4, 2]))
