"""Entry points whose inputs are passed as sizes (`x.reshape(height, width)`, `torch.broadcast_to(t, [b, h, w])`):
ints, whatever their other inputs are assumed to be, so `float(width - 1)` on one, there or in a helper they hand
it to, is Python arithmetic (nerf-pytorch's `render_image(camera_o, camera_r, image_h, image_w, ...)` broadcasting
to `[batch_size, image_h, image_w, 3]` and handing both to `generate_rays`, which centres pixels with
`float(image_w - 1)`), and an input read only as a shape whose items size a tensor (`N = shape[0]; torch.zeros(N)`:
pelican's `get_edge_index_from_ptr(ptr, shape)`, called with a torch.Size). Nothing here breaks under dynamo."""
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


compiled_render = torch.compile(render)
compiled_starts = torch.compile(graph_starts)
rays = Rays()


def both(x, y, ptr):
    return rays(x, 4, 6), compiled_render(y, 4, 6), compiled_starts(ptr, y.shape)


def example():
    return Example(both, (torch.randn(24), torch.randn(4, 6), torch.tensor([0, 1, 3])))
