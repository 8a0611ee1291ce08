"""timm's checkpoint_seq: closures over a slice of blocks, each checkpointed with use_reentrant=False."""
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


def checkpoint_seq(functions, x, every=1, flatten=False, skip_last=False):
    def run_function(start, end, functions):
        def forward(_x):
            for j in range(start, end + 1):
                _x = functions[j](_x)
            return _x
        return forward

    if isinstance(functions, torch.nn.Sequential):
        functions = functions.children()
    if flatten:
        functions = torch.nn.Sequential(*functions)
    functions = list(functions)
    num_checkpointed = len(functions)
    if skip_last:
        num_checkpointed -= 1
    end = -1
    for start in range(0, num_checkpointed, every):
        end = min(start + every - 1, num_checkpointed - 1)
        x = checkpoint(run_function(start, end, functions), x, use_reentrant=False)
    if skip_last:
        return run_function(end + 1, len(functions) - 1, functions)(x)
    return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stages = nn.Sequential(*[nn.Sequential(nn.Linear(8, 8), nn.GELU()) for _ in range(3)])
        self.grad_checkpointing = True

    def forward(self, x):
        if self.grad_checkpointing and not torch.jit.is_scripting():
            x = checkpoint_seq(self.stages, x, every=2)
        else:
            x = self.stages(x)
        return x


def example():
    return Net().train(), (torch.randn(2, 8, requires_grad=True),)
