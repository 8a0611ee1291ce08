"""Forward hooks a module registers outside its own __init__ statements (timm-style feature taps): a `_register_taps()`
method __init__ calls, hooks made by a factory method (`self._make_tap(name)`) and by a module-level factory, and a
logging function hook. Dynamo runs every hook inline in the compiled forward: the `print` in each breaks on its own
line (GB0059)."""
import torch
from torch import nn


def log_output(module, args, output):
    print("output", output.shape)  # expect: CL131
    return output


def make_pre_tap(name):
    def tap(module, args):
        print("entering", name)  # expect: CL131
        return None
    return tap


class FeatureTaps(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(4, 8)
        self.head = nn.Linear(8, 2)
        self._register_taps()
        self.stem.register_forward_hook(self._make_tap("stem"))
        self.head.register_forward_pre_hook(make_pre_tap("head"))

    def _register_taps(self):
        self.head.register_forward_hook(self._on_head)
        self.stem.register_forward_hook(log_output)

    def _on_head(self, module, args, output):
        print("head", output.sum())  # expect: CL131
        return output

    def _make_tap(self, name):
        def tap(module, args, output):
            print("tap", name)  # expect: CL131
            return output
        return tap

    def forward(self, x):
        return self.head(torch.relu(self.stem(x)))


def example():
    return FeatureTaps(), (torch.randn(3, 4),)
