"""Entry points whose inputs are passed as sizes (`x.reshape(height, width)`, `torch.broadcast_to(t, [b, h, w])`):
ints, whatever their other inputs are assumed to be, so `float(width - 1)` on one, there or in a helper they hand
it to, is Python arithmetic (nerf-pytorch's `render_image(camera_o, camera_r, image_h, image_w, ...)` broadcasting
to `[batch_size, image_h, image_w, 3]` and handing both to `generate_rays`, which centres pixels with
`float(image_w - 1)`), an input read only as a shape whose items size a tensor (`N = shape[0]; torch.zeros(N)`:
pelican's `get_edge_index_from_ptr(ptr, shape)`, called with a torch.Size), and an input passed as a size through
arithmetic with int literals (redge's schedule `torch.linspace(alpha_t1, 1e-4, n_steps - 1)`, held-out group 75; `2 *
rows + 1`). Nothing here breaks under dynamo."""
import torch
from torch import nn

from compilelint import Example


class Rays(nn.Module):
    @staticmethod
    def grid(height, width):
        y, x = torch.meshgrid(torch.arange(height), torch.arange(width), indexing="ij")
        return (x - 0.5 * float(width - 1)) / float(height) + y

    def forward(self, x, height, width):
        return x.reshape(height, width) + self.grid(height, width) * int(width)


def render(x, height, width):
    return torch.broadcast_to(x, [2, height, width]) * float(height) + Rays.grid(height, width)


def graph_starts(ptr, shape):
    nodes = shape[0]
    starts = torch.zeros(nodes, dtype=torch.long).scatter(0, ptr[:-1], torch.ones_like(ptr[:-1]))
    rows, width = shape
    return starts.cumsum(0) - 1, torch.ones(rows, width)


def schedule(n_steps, t_1):
    alpha_t1 = 1 - t_1
    alphas = torch.cat((torch.tensor([1.0]), torch.linspace(alpha_t1, 1e-4, n_steps - 1)))
    return alphas, 1 - alphas


def padded(x, rows):
    return torch.zeros(2 * rows + 1, x.shape[-1]) + x.sum()


compiled_render = torch.compile(render)
compiled_starts = torch.compile(graph_starts)
compiled_schedule = torch.compile(schedule)
compiled_padded = torch.compile(padded)
rays = Rays()


def both(x, y, ptr):
    return rays(x, 4, 6), compiled_render(y, 4, 6), compiled_starts(ptr, y.shape), compiled_schedule(5, 0.5), \
        compiled_padded(y, 3)


def example():
    return Example(both, (torch.randn(24), torch.randn(4, 6), torch.tensor([0, 1, 3])))
