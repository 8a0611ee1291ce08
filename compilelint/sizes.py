"""Which arguments of torch functions and tensor methods are sizes (`torch.zeros(n, 3)`, `x.view(b, -1)`,
`torch.narrow(t, d, start, length)`, `torch.linspace(0, 1, steps=n)`): one table for the engine (a parameter its own
body passes as a size is an int there) and for CL124 (a size computed as a tensor breaks the graph)."""

from typing import Dict, List, Optional, Tuple

import libcst as cst

# "torch.f" a function, ".m" a tensor method -> (first, end, keywords): the positional arguments [first:end] (end
# None: all the rest) and the keywords that are sizes; one keyword name is one parameter in a function and its method
SIZES: Dict[str, Tuple[int, Optional[int], Tuple[str, ...]]] = {
    "torch.arange": (0, None, ("start", "end", "step")), "torch.zeros": (0, None, ("size",)),
    "torch.ones": (0, None, ("size",)), "torch.empty": (0, None, ("size",)), "torch.rand": (0, None, ("size",)),
    "torch.randn": (0, None, ("size",)), "torch.full": (0, 1, ("size",)), "torch.linspace": (2, 3, ("steps",)),
    "torch.logspace": (2, 3, ("steps",)), "torch.eye": (0, 2, ("n", "m")), "torch.randperm": (0, 1, ("n",)),
    "torch.randint": (0, None, ("low", "high", "size")),  # randint(high, size), randint(low, high, size)
    "torch.reshape": (1, None, ("shape",)), "torch.broadcast_to": (1, None, ("size",)),
    "torch.narrow": (2, 4, ("start", "length")), "torch.topk": (1, 2, ("k",)), "torch.fft.fftfreq": (0, 1, ("n",)),
    "torch.multinomial": (1, 2, ("num_samples",)), "torch.kthvalue": (1, 2, ("k",)),
    "torch.triu_indices": (0, 2, ("row", "col")), "torch.tril_indices": (0, 2, ("row", "col")),
    "torch.tensor_split": (1, 2, ("indices_or_sections", "sections", "indices")),
    "torch.fft.rfftfreq": (0, 1, ("n",)), "torch.nn.functional.pad": (1, 2, ("pad",)),
    "torch.tile": (1, None, ("dims",)), "torch.unflatten": (2, 3, ("sizes",)),
    "torch.empty_strided": (0, 2, ("size", "stride")),
    **{f"torch.nn.functional.{f}": (1, 2, ("size",))
       for f in ("interpolate", "upsample", "upsample_nearest", "upsample_bilinear")},
    **{f"torch.nn.functional.adaptive_{kind}_pool{n}d": (1, 2, ("output_size",))
       for kind in ("avg", "max") for n in (1, 2, 3)},
    ".reshape": (0, None, ("shape",)), ".view": (0, None, ("size",)), ".expand": (0, None, ("size",)),
    ".repeat": (0, None, ("repeats",)), ".broadcast_to": (0, None, ("size",)),
    ".new_zeros": (0, None, ("size",)), ".new_ones": (0, None, ("size",)), ".new_empty": (0, None, ("size",)),
    ".new_full": (0, 1, ("size",)), ".narrow": (1, 3, ("start", "length")), ".topk": (0, 1, ("k",)),
    ".tile": (0, None, ("dims",)), ".unflatten": (1, 2, ("sizes",)), ".multinomial": (0, 1, ("num_samples",)),
    ".kthvalue": (0, 1, ("k",)), ".tensor_split": (0, 1, ("indices_or_sections", "sections", "indices")),
}
# ops whose size argument eager code may also give as an index tensor (`torch.tensor_split(x, ptr[1:-1])`): a tensor
# there breaks (CL124), but a parameter passed there is no evidence that the parameter is an int (the engine's use)
TENSOR_OR_SIZE = frozenset({"torch.tensor_split", ".tensor_split"})
# keywords so named are sizes in any torch function (`torch.normal(0, 1, size=(n,))`, `repeat_interleave(...,
# output_size=n)`)
SIZE_KEYWORD_NAMES = frozenset(("size", "steps", "output_size"))


def size_arguments(call: cst.Call, op: str, any_torch_function: bool = True) -> List[cst.BaseExpression]:
    """The arguments of `call` that are sizes, `op` the torch function it calls (`torch.zeros`) or the tensor method
    (`.view`); a tuple or list display of sizes comes whole (`torch.zeros((n, 3))`). Without `any_torch_function`
    only the ops of SIZES and their own keywords count (CL124's reach)."""
    first, end, keywords = SIZES.get(op, (0, 0, ()))
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    chosen = positional[first:end]
    generic = SIZE_KEYWORD_NAMES if any_torch_function and op.startswith("torch.") else frozenset()
    return chosen + [a.value for a in call.args if a.keyword is not None
                     and (a.keyword.value in keywords or a.keyword.value in generic)]
