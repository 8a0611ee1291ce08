"""Gradient checkpointing in the style of an image-model zoo: checkpoint_seq turns a Sequential into a tuple of
its children, counts them with len(), builds a closure per segment, and checkpoints each; stages switch it on by
a flag when not scripting; a feature-info list picks which stage outputs to return."""
from itertools import chain

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


def checkpoint_seq(functions, x, every: int = 1, flatten: bool = False, skip_last: bool = False,
                   preserve_rng_state: bool = True):
    def run_function(start, end, functions):
        def forward(_x):
            for j in range(start, end + 1):
                _x = functions[j](_x)
            return _x
        return forward

    if isinstance(functions, torch.nn.Sequential):
        functions = functions.children()
    if flatten:
        functions = chain.from_iterable(functions)
    if not isinstance(functions, (tuple, list)):
        functions = tuple(functions)
    num_checkpointed = len(functions)
    if skip_last:
        num_checkpointed -= 1
    end = -1
    for start in range(0, num_checkpointed, every):
        end = min(start + every - 1, num_checkpointed - 1)
        x = checkpoint(run_function(start, end, functions), x, use_reentrant=False,
                       preserve_rng_state=preserve_rng_state)
    if skip_last:
        return run_function(end + 1, len(functions) - 1, functions)(x)
    return x


class Stage(nn.Module):
    def __init__(self, dim, depth):
        super().__init__()
        self.grad_checkpointing = False
        self.blocks = nn.Sequential(*[nn.Sequential(nn.Conv2d(dim, dim, 3, padding=1), nn.GELU())
                                      for _ in range(depth)])

    def forward(self, x):
        if self.grad_checkpointing and not torch.jit.is_scripting():
            x = checkpoint_seq(self.blocks, x)
        else:
            x = self.blocks(x)
        return x


class Net(nn.Module):
    def __init__(self, out_indices=(0, 2)):
        super().__init__()
        self.stages = nn.Sequential(*[Stage(4, 2) for _ in range(3)])
        self.feature_info = [dict(num_chs=4, reduction=1, module=f'stages.{i}') for i in range(3)]
        self.out_indices = out_indices
        for s in self.stages:
            s.grad_checkpointing = True

    def forward(self, x):
        features = []
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if i in self.out_indices:
                features.append(x)
        return [f.sum() for f in features]


def example():
    return Net(), (torch.randn(1, 4, 4, 4, requires_grad=True),)
