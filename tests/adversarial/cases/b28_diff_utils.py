"""A diffusion library's utils file for batch 28: a torch-version comparison through `packaging` and an operator
table (the UNet blocks ask it for their checkpoint keyword arguments), a parameter-dtype helper walking
`parameters()`, and an offload bookkeeping helper kept out of compilation under an imported alias of
`torch.compiler.disable`. Its example asks the version and the dtype."""
import operator as op

import torch
from packaging import version
from torch import nn
from torch.compiler import disable as eager_only

STR_OPERATION_TO_FUNC = {">": op.gt, ">=": op.ge, "==": op.eq, "!=": op.ne, "<=": op.le, "<": op.lt}


def is_torch_version(operation: str, ver: str) -> bool:
    current = version.parse(version.parse(torch.__version__).base_version)
    return STR_OPERATION_TO_FUNC[operation](current, version.parse(ver))


def get_parameter_dtype(module: nn.Module) -> torch.dtype:
    last_dtype = None
    for param in module.parameters():
        last_dtype = param.dtype
        if param.is_floating_point():
            return param.dtype
    return last_dtype


@eager_only
def record_offload_state(module: nn.Module) -> int:
    return sum(p.numel() for p in module.parameters())


class _UtilsDemo(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        kwargs = {"use_reentrant": False} if is_torch_version(">=", "1.11.0") else {}
        return self.proj(x.to(get_parameter_dtype(self))) * (2.0 if kwargs else 1.0)


def example():
    return _UtilsDemo(), (torch.randn(2, 4),)
