"""Forward hooks a module registers further from its __init__: through a helper of another file it hands itself to
(`attach_taps(self)`), through a method two calls below __init__ (`self._setup()` -> `self._wire()`), and through a
method the user calls on the instance before compiling (`m.enable_debug()`). Dynamo runs every hook inline in the
compiled forward: the `print` in each breaks on its own line (GB0059), the helper's in reachy_hooks_lib.py."""
import torch
from torch import nn

from reachy_hooks_lib import attach_taps


class TappedNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Linear(4, 8)
        self.head = nn.Linear(8, 2)
        attach_taps(self)
        self._setup()

    def _setup(self):
        self._wire()

    def _wire(self):
        self.stem.register_forward_hook(self._deep_tap)

    def _deep_tap(self, module, args, output):
        print("stem", output.sum())  # expect: CL131
        return output

    def enable_debug(self):
        self.head.register_forward_pre_hook(self._debug_tap)

    def _debug_tap(self, module, args):
        print("entering head")  # expect: CL131
        return None

    def forward(self, x):
        return self.head(torch.relu(self.stem(x)))


def example():
    model = TappedNet()
    model.enable_debug()
    return model, (torch.randn(3, 4),)
