"""Gradient checkpointing by a project autograd.Function (the guided-diffusion / latent-diffusion `checkpoint`):
dynamo traces `CheckpointFunction.apply` into forward and, as the parameters require grad, into backward, where
`torch.autograd.grad` breaks (GB9186). The break makes dynamo fall back at the call that handed on
`self.parameters()`, a generator it has partly consumed: it cannot rebuild it there (GB8335) nor iterate it in the
helper's own frame (GB0811): CL169. The detached copies made to require grad in backward compile (2.13)."""
import torch
from torch import nn


def checkpoint(func, inputs, params, flag):
    if flag:
        args = tuple(inputs) + tuple(params)  # expect: CL169
        return CheckpointFunction.apply(func, len(inputs), *args)
    return func(*inputs)


class CheckpointFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, run_function, length, *args):
        ctx.run_function = run_function
        ctx.input_tensors = list(args[:length])
        ctx.input_params = list(args[length:])
        with torch.no_grad():
            output_tensors = ctx.run_function(*ctx.input_tensors)
        return output_tensors

    @staticmethod
    def backward(ctx, *output_grads):
        ctx.input_tensors = [x.detach().requires_grad_(True) for x in ctx.input_tensors]
        with torch.enable_grad():
            shallow_copies = [x.view_as(x) for x in ctx.input_tensors]
            output_tensors = ctx.run_function(*shallow_copies)
        input_grads = torch.autograd.grad(  # expect: CL147
            output_tensors,
            ctx.input_tensors + ctx.input_params,
            output_grads,
            allow_unused=True,
        )
        del ctx.input_tensors
        del ctx.input_params
        del output_tensors
        return (None, None) + input_grads


class CheckpointedBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.proj = nn.Linear(channels, channels)

    def forward(self, x):
        return checkpoint(self._forward, (x,), self.parameters(), True)  # expect: CL169

    def _forward(self, x):
        return self.proj(x).relu()


def example():
    return CheckpointedBlock(8), (torch.randn(2, 8),)
