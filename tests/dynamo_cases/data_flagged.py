"""Data-dependent patterns beyond the catalogue examples: each marked line must break under dynamo with a
GB id its rule predicts, and the linter must report exactly the marked lines (tests/test_must_not_flag_data.py)."""

import math
import os
import sys
from typing import Optional

import numpy as np
import torch
from einops import rearrange
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # the helpers package next to this file
from interproc_helpers.types import LongTensor  # noqa: E402


class Flagged(nn.Module):
    def __init__(self):
        super().__init__()
        self.offsets = (0.5, 1.0, 2.0)

    def forward(self, x, labels, k: torch.Tensor):
        if torch.isnan(x).any():  # expect: CL101
            raise ValueError("NaN in the input")
        same = torch.equal(x, x)  # expect: CL102
        i = x.sum(1).argmax() % 2
        offset = self.offsets[i]  # expect: CL114
        width = x.shape[i]  # expect: CL114
        nz = (x > 0).nonzero()  # expect: CL121
        rows, cols = torch.nonzero(x > 0, as_tuple=True)  # expect: CL121
        found = torch.argwhere(x > 1)  # expect: CL121
        runs = torch.unique_consecutive(labels)  # expect: CL121
        counts = labels.bincount()  # expect: CL121
        expanded = torch.repeat_interleave(labels)  # expect: CL121
        kept = x[:, x.sum(0) > 0]  # expect: CL122
        grid = torch.zeros((labels.max(), 3))  # expect: CL124
        floor = math.floor(x.sum())  # expect: CL113
        listed = x.numpy().tolist()  # expect: CL112
        total = (same + offset + width + nz.sum() + rows.sum() + cols.sum() + found.sum() + runs.sum()
                 + counts.sum() + expanded.sum() + kept.sum() + grid.sum() + floor + listed[0][0])
        return x[:k].sum() + total  # expect: CL114


class Sized(nn.Module):
    def forward(self, x):
        n = (x > 100).sum() + 2
        flat = x.reshape(n, -1)  # expect: CL124
        again = x.reshape(-1, n)  # n reaches the resume function as an input: dynamo specializes it
        head = x.narrow(0, 0, (x > 100).sum() + 1)  # expect: CL124
        best = x.topk((x > 100).sum() + 1, dim=-1).values  # expect: CL124
        noise = torch.randint(0, 5, ((x > 100).sum() + 1,))  # expect: CL124
        grown = x.new_zeros(x.argmax() + 1)  # expect: CL124
        i = x.sum(1).argmax()
        row = x[i]  # expect: CL114
        return flat.sum() + again.sum() + head.sum() + best.sum() + noise.sum() + grown.sum() + row.sum()


class MultiLine(nn.Module):
    """Tests over several lines: Python 3.11 reports the branch on the statement's line, or on the line of the
    comparison evaluated last before it."""

    def forward(self, x):
        if (  # expect: CL101
            torch.isnan(x).any()
            or (x > 100).all()
        ):
            x = x * 0
        if (
            x.sum()  # expect: CL101
            > 100
        ):
            x = x / 2
        return x


def _check_labels(labels):
    if (labels == 0).all():  # expect: CL101
        raise ValueError("no positive label")


class AnyAll(nn.Module):
    """`.any()`/`.all()` of values of unknown kind: a helper's parameter, a numpy array (traced as a tensor)."""

    def forward(self, x, labels):
        _check_labels(labels)
        uneven = np.array(x.shape) % 3 > 0
        if uneven.any():  # expect: CL101
            x = x[:, :3]
        return x


class ShortCircuited(nn.Module):
    """`ok = python_value and tensor_condition` holds a tensor whenever the Python side lets it run (torchcrf)."""

    def __init__(self):
        super().__init__()
        self.batch_first = True

    def forward(self, x):
        no_empty_seq = not self.batch_first and (x[0] > -100).all()
        no_empty_seq_bf = self.batch_first and (x[:, 0] > -100).all()
        if not no_empty_seq and not no_empty_seq_bf:  # expect: CL101
            raise ValueError("the first column must all be on")
        return x


class Tolerances(nn.Module):
    """A tensor where an op takes a Python number (torchode's step-size controllers: `alpha=self.rtol`)."""

    def __init__(self):
        super().__init__()
        self.register_buffer("rtol", torch.tensor(0.1))

    def forward(self, x):
        bound = torch.add(x, x.abs(), alpha=self.rtol)  # expect: CL111
        lower = x.sub(x.abs(), alpha=self.rtol)  # expect: CL111
        return bound + lower + torch.add(x, x, alpha=0.5)


def _identity_tails(inputs, tail_bound):
    """Called through a local alias with keywords (normflows' `spline_fn(inputs=...)`), so the kind of `inputs` is
    unknown here; the write into `outputs`, a tensor, proves `outside` (and `inside`, its source) tensor masks."""
    inside = (inputs >= -tail_bound) & (inputs <= tail_bound)
    outside = ~inside
    outputs = torch.zeros_like(inputs)
    outputs[outside] = 0.0
    outputs[outside] = inputs[outside]  # expect: CL122
    return outputs.sum() + inputs[inside].sum()  # expect: CL122


def _copy_at_start(y, t_eval, t_start):
    """torchode's solver: `y_eval` is declared a tensor, then rebound to `y.new_zeros(...)` of a `y` of unknown kind."""
    y_eval: torch.Tensor = y
    y_eval = y.new_zeros((y.shape[0], 3, y.shape[1]))
    at_start = t_eval[:, 0] == t_start
    y_eval[at_start, 0] = y[at_start]  # expect: CL122
    return y_eval


def _confident_rows(prediction, threshold):
    """ultralytics' non_max_suppression: a row of a mask computed from a helper's parameter (a tensor by what its
    compiled callers pass) is a mask too."""
    confident = prediction.amax(-1) > threshold
    first = confident[0]
    return prediction[0][first].sum()  # expect: CL122


class ConfidentRows(nn.Module):
    def forward(self, x):
        return _confident_rows(x.unsqueeze(0) * 2, 0.5)


class Tails(nn.Module):
    def forward(self, x):
        spline_fn = _identity_tails
        copy_fn = _copy_at_start
        copied = copy_fn(x * 2, t_eval=x, t_start=0.0)
        return spline_fn(inputs=x * 3, tail_bound=1.0) + copied.sum()


class ReshapedMask(nn.Module):
    """torchani's triples: a mask of (pairs, local pairs) flattened to pick columns of a repeated index table."""

    def forward(self, x):
        within = torch.arange(8) < x[:2, :1].abs() * 8
        return x.repeat(1, 2)[:, within.view(-1)].sum()  # expect: CL122


class DtypeMasks(nn.Module):
    """Masks made with a boolean dtype (torch-rechub's DIEN `valid = torch.ones(..., dtype=torch.bool)` where no mask
    is given; graph code's `mask = torch.zeros(n, dtype=torch.bool); mask[index] = True`): reads through them break,
    the write does not."""

    def forward(self, x, labels):
        valid = torch.ones(x.shape[0], x.shape[1], dtype=torch.bool)
        picked = x[valid]  # expect: CL122
        chosen = torch.zeros(x.shape[0], dtype=torch.bool, device=x.device)
        chosen[labels[:2]] = True
        rows = x[chosen]  # expect: CL122
        empty = x.new_zeros(x.shape, dtype=torch.bool)
        positive = (x * 2).to(torch.bool)
        cleared = x.clone()
        cleared[empty] = 0.0
        return picked.sum() + rows.sum() + x[positive].sum() + cleared.sum()  # expect: CL122


def _scatter_sum(src, index, dim_size=None):
    """A graph library's scatter: the output size is read from the index when the caller gives none. The kind of
    `index` is known only from the callers (every one passes a tensor)."""
    if dim_size is None:
        size = index.max() + 1
        return torch.zeros(size, src.shape[-1]).index_add(0, index, src)  # expect: CL124
    return torch.zeros(dim_size, src.shape[-1]).index_add(0, index, src)


class Scatter(nn.Module):
    def forward(self, x, labels):
        return _scatter_sum(x, labels).sum()


class GeneratorFolds(nn.Module):
    """`math.prod`/`math.fsum` of a generator expression (botorch's `logmeanexp`); of a list or a shape they compile."""

    def forward(self, x, dims=(0, 1)):
        count = math.prod(x.shape[i] for i in dims)  # expect: CL113
        return x.sum() / count + self._total(x) + math.prod([x.shape[i] for i in dims]) + math.prod(x.shape)

    def _total(self, x):  # a frame of its own: dynamo runs the rest of the frame above in eager after its break
        return math.fsum(float(n) for n in x.shape)  # expect: CL113


class NumpyLoop(nn.Module):
    """`range` of a numpy reduction of a shape (nflows' autoregressive inverse): dynamo traces numpy as tensors."""

    def forward(self, x):
        steps = np.prod(x.shape[:1])
        for _ in range(steps):  # expect: CL124
            x = torch.tanh(x)
        return x


def _plan(cost):
    """A numpy solver of another library (POT's emd in torchcfm's OT plan sampler): what it returns is an array."""
    return cost / cost.sum()


class NumpyConditions(nn.Module):
    """Conditions on what numpy functions return (torchcfm's `if not np.all(np.isfinite(p))` on an OT plan): dynamo
    traces the result as a tensor, even of Python numbers, and branches on it."""

    def forward(self, x):
        p = _plan(x.detach().abs().numpy())
        if not np.all(np.isfinite(p)):  # expect: CL101
            x = x * 0
        if np.abs(p.sum()) < 1e-8:  # expect: CL101
            x = x + 1
        if np.isnan(float(x.shape[0])):  # expect: CL101
            x = x / 2
        return x if np.prod(x.shape) > 4 else -x  # expect: CL101


class Mesh(nn.Module):
    """A tensor-or-None parameter stored on the module (torch-pme's `update(cell, ns_mesh)`): a tensor attribute."""

    def __init__(self):
        super().__init__()
        self.update(torch.tensor([2, 3]))

    def update(self, ns_mesh: Optional[torch.Tensor] = None, cell: "torch.Tensor | None" = None):
        if ns_mesh is not None:
            self.ns_mesh = ns_mesh
        if cell is not None:
            self.cell = cell

    def forward(self, x):
        return x.new_zeros(int(self.ns_mesh[0])).sum()  # expect: CL111


class Frequencies(nn.Module):
    """FFT frequencies of a mesh size read from a tensor (torch-pme's k-vectors); of a shape they compile."""

    def forward(self, x, labels: torch.Tensor):
        freqs = torch.fft.fftfreq(labels[1], dtype=x.dtype)  # expect: CL124
        return freqs.sum() + torch.fft.rfftfreq(x.shape[1]).sum()


class Lookup(nn.Module):
    """A project's typed-tensor alias (pykeen's `LongTensor: TypeAlias = torch.Tensor`) annotates a tensor."""

    def forward(self, x, indices: LongTensor | None = None):
        if indices is not None:
            indices, inverse = indices.unique(return_inverse=True)  # expect: CL121
            return x[indices].sum() + inverse.sum()
        return x.sum()


class Offsets(nn.Module):
    """Lengths between offsets (mace's `ref.ptr[1:] - ref.ptr[:-1]`) repeat rows: a difference of slices is a tensor."""

    def forward(self, x, ptr):
        return torch.repeat_interleave(x.sum(1)[:3], ptr[1:] - ptr[:-1]).sum()  # expect: CL121


class Periodic(nn.Module):
    """Masks from `all`/`any` over a dim, and a mask gathered per atom (orb's `nopbc_graph[batch_indices]`)."""

    def forward(self, x, labels):
        open_rows = torch.all(x.view(2, 2, 8) == 0.0, dim=(1, 2))
        per_atom = open_rows[labels % 2]
        kept = x[per_atom].sum()  # expect: CL122
        return kept + x[(x > 0).any(dim=1)].sum()  # expect: CL122


def _warmed(x, t):
    if t > 1:  # expect: CL101
        x = x + 1
    return x * t.to(x.dtype)


class ReadAsTensors(nn.Module):
    """A bare input compared with a number is taken for an int, unless the function reads a tensor-only attribute
    of it (a prepare-inputs step's `cache_position[0] == 0` beside `cache_position.shape[0]`): then the caller
    passes a tensor, and the comparison branches on its value (GB0170), the evidence read before or after it."""

    def forward(self, x, step):
        if step > 1:  # expect: CL101
            x = x * 2
        return _warmed(x, step).sum() * step.ndim


class MethodChains(nn.Module):
    """A method call whose receiver starts on an earlier line runs, and breaks, on the line of the method's name
    (CPython 3.11+ moves the call there): torchani's `(a == b)` then `.nonzero()` a line below, geoopt's
    `n += torch.sum(...)` closed by `.item()` three lines down."""

    def forward(self, x):
        rows = (
            (x > 0)
            .nonzero()  # expect: CL121
            .reshape(-1)
        )
        total = torch.sum(
            x * 2
        ).item()  # expect: CL111
        return rows.sum() + total


class NotValue(nn.Module):
    """`not` of a tensor kept as a value, not tested by an if (a generate loop's `return not unfinished.max() == 0`):
    no jump reads it, UNARY_NOT asks for the tensor's bool, GB0033 where `if not t:` gives GB0170."""

    def forward(self, x):
        self.done = not (x > 0).all()  # expect: CL101
        return x.sum()


CHECK_MESSAGE = "values out of range"


class AssertMessages(nn.Module):
    """Tensor asserts dynamo does not turn into runtime checks: a message that is a name (a parameter, a global: no
    constant in the bytecode), and `assert not t`, which jumps when the tensor is true. Both branch (GB0170)."""

    def forward(self, x, message="values out of range"):
        assert not (x < -100).any(), "constant message"  # expect: CL101
        assert (x > -100).all(), message  # expect: CL101
        assert (x > -100).all(), CHECK_MESSAGE  # expect: CL101
        return x.sum()


class _Frames:
    """Structures batched into one object (a simulation state): the linter knows nothing of its attributes."""

    def __init__(self, system_index):
        self.system_index = system_index


def _atoms_of_each_system(frames):
    # `bincount` and `repeat_interleave` are methods no number, container or array has: the receiver is a tensor
    lengths = frames.system_index.bincount()  # expect: CL121
    return torch.repeat_interleave(torch.arange(len(lengths)), lengths)  # expect: CL121


class SystemSizes(nn.Module):
    def forward(self, x, labels):
        return x.sum() + _atoms_of_each_system(_Frames(labels)).sum()


def _accepted(proposed, current):
    # a Metropolis test: every return is a comparison of tensors, so what it returns is a boolean mask
    return torch.rand(proposed.shape) < torch.exp(current - proposed)


class RejectedMoves(nn.Module):
    def forward(self, x, labels):
        energies = x.sum(1)
        accepted = _accepted(energies + 1, energies)
        rejected = x[~accepted]  # expect: CL122
        return rejected.sum() + labels[_accepted(energies, energies - 1)].sum()  # expect: CL122


class ListOrTensor(nn.Module):
    """A branch for another type (`if isinstance(pred, (list, tuple)): pred = pred[0]`) never runs on a tensor: after
    it the name is still the tensor it was."""

    def forward(self, x):
        h = x * 2
        if isinstance(h, (list, tuple)):
            h = h[0]
        return h[h > 0].sum()  # expect: CL122


class SegmentLosses(nn.Module):
    """`for i, (a, b) in enumerate(zip(x.split(k), y.split(k)))`: zip's rows, chunks of tensors, through enumerate
    (infini-transformer's segment loop reads `segment_loss[segment_mask]`)."""

    def forward(self, x, labels):
        total = x.new_zeros(())
        for index, (segment, segment_labels) in enumerate(zip(x.split(2), labels.split(2))):
            kept = segment_labels != 0
            total = total + segment.sum(-1)[kept].sum() * index  # expect: CL122
        return total


class RearrangedMask(nn.Module):
    """x-clip's similarity regulariser: an off-diagonal mask given a batch dim by einops keeps its dtype, and the
    similarity read through it inside a lambda of `map` has a data-dependent size."""

    def forward(self, x):
        off_diagonal = rearrange(~torch.eye(x.shape[0], dtype=torch.bool), "... -> 1 ...")
        near, far = map(lambda t: torch.einsum("m i d, m j d -> m i j", t, t)[off_diagonal],  # expect: CL122
                        (x.unsqueeze(0), x.unsqueeze(0) * 2))
        return near.sum() + far.sum()


class NestedHelpers(nn.Module):
    """A generate loop's stop test as a def nested in it (gemma4-pt-claude's `finished = is_stop(next_token)` then
    `bool(finished.all())`): every return of the nested def is a tensor, so its calls are, declared or not."""

    def forward(self, x):
        stops = torch.tensor([1, 3])

        def is_stop(t: torch.Tensor) -> torch.Tensor:
            if stops.numel() == 0:
                return torch.zeros_like(t, dtype=torch.bool)
            return (t[:, None] == stops[None, :]).any(dim=-1)

        def peak(t):
            return torch.amax(t, dim=-1)

        finished = is_stop(x.argmax(-1))
        if bool(finished.all()):  # expect: CL111
            return x
        return x * float(peak(x).sum())  # expect: CL111


class TriangularMasks(nn.Module):
    """mlipops' neighbour list: `mask = distance < cutoff`, then `mask = mask.triu(1)` to keep each pair once, then
    `indices[mask]`. triu/tril, flip, roll, repeat and tile keep a mask's dtype: reads through them break (GB0036)."""

    def forward(self, x):
        distance = torch.linalg.vector_norm(x.view(-1, 1, 8) - x, dim=2)
        mask = distance < 3.0
        if x.shape[0] > 2:
            mask = mask.triu(1)
        n = x.shape[0]
        i = torch.arange(n)
        indices = torch.cat((i.view(-1, 1, 1).expand(n, n, 1), i.view(1, -1, 1).expand(n, n, 1)), dim=2)
        pairs = indices[mask]  # expect: CL122
        lower = x[torch.tril(x > 0)]  # expect: CL122
        flipped = x[(x > 0).flip(0)]  # expect: CL122
        rolled = x.repeat(2, 1)[(x > 0).roll(1, 0).repeat(2, 1)]  # expect: CL122
        return pairs.sum() + lower.sum() + flipped.sum() + rolled.sum()


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.tolerances = Tolerances()
        self.tails = Tails()
        self.sized = Sized()
        self.flagged = Flagged()
        self.multi_line = MultiLine()
        self.any_all = AnyAll()
        self.short_circuited = ShortCircuited()
        self.reshaped_mask = ReshapedMask()
        self.dtype_masks = DtypeMasks()
        self.scatter = Scatter()
        self.generator_folds = GeneratorFolds()
        self.numpy_loop = NumpyLoop()
        self.numpy_conditions = NumpyConditions()
        self.mesh = Mesh()
        self.frequencies = Frequencies()
        self.lookup = Lookup()
        self.offsets = Offsets()
        self.periodic = Periodic()
        self.read_as_tensors = ReadAsTensors()
        self.method_chains = MethodChains()
        self.not_value = NotValue()
        self.assert_messages = AssertMessages()
        self.system_sizes = SystemSizes()
        self.rejected_moves = RejectedMoves()
        self.confident_rows = ConfidentRows()
        self.list_or_tensor = ListOrTensor()
        self.segment_losses = SegmentLosses()
        self.rearranged_mask = RearrangedMask()
        self.nested_helpers = NestedHelpers()
        self.triangular_masks = TriangularMasks()

    def forward(self, x, labels, k: torch.Tensor, ptr):
        return (self.sized(x) + self.flagged(x, labels, k) + self.multi_line(x).sum() + self.any_all(x, labels).sum()
                + self.short_circuited(x).sum() + self.tolerances(x).sum() + self.tails(x) + self.reshaped_mask(x)
                + self.dtype_masks(x, labels) + self.scatter(x, labels) + self.generator_folds(x)
                + self.numpy_loop(x).sum() + self.numpy_conditions(x).sum() + self.mesh(x) + self.frequencies(x, labels) + self.lookup(x, labels)
                + self.offsets(x, ptr) + self.periodic(x, labels) + self.read_as_tensors(x, k) + self.method_chains(x)
                + self.not_value(x) + self.assert_messages(x) + self.system_sizes(x, labels) + self.rejected_moves(x, labels)
                + self.confident_rows(x) + self.list_or_tensor(x) + self.segment_losses(x, labels)
                + self.rearranged_mask(x) + self.nested_helpers(x).sum() + self.triangular_masks(x))


def example():
    return Both(), (torch.randn(4, 8), torch.tensor([0, 3, 1, 2]), torch.tensor(2), torch.tensor([0, 1, 3, 4]))
