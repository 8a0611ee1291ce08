"""Methods of objects whose class nothing in the source tells: a constructor argument held in an attribute
(`self.transform = transform`) or iterated (`for t in self.transforms`), the zuko idiom. A call of a method
name only the project defines (`call_and_ladj`) reaches every project method of that name (regions.py:
methods_named). Framework names say nothing about the object (`self.names.index(name)` looks up a tuple,
not `Recorder.index`), a parameter's annotation names its class (`spline: Spline` runs `Spline.calibrate`,
not `Bernstein.calibrate`), and a method no compiled code calls is not compiled: none of those is flagged."""
import torch

from compilelint import Example


class Monotonic:
    def call_and_ladj(self, x):
        if torch.sum(x) > 0:  # expect: CL101
            return x * 2, torch.full_like(x, 0.7)
        return x, torch.zeros_like(x)


class Bernstein:
    def call_and_ladj(self, x):
        if torch.amax(x) > 3:  # expect: CL101
            return x - 1, torch.zeros_like(x)
        return x, torch.zeros_like(x)

    def calibrate(self, x):
        if torch.amin(x) < 0:  # only a Spline is calibrated in compiled code: not flagged
            return x.abs()
        return x


class Spline:
    def calibrate(self, x):
        if torch.amin(x) < -2:  # expect: CL101
            return x / 2
        return x


class Composed:
    def __init__(self, *transforms):
        self.transforms = transforms

    def call_and_ladj(self, x):
        total = torch.zeros_like(x)
        for t in self.transforms:
            x, ladj = t.call_and_ladj(x)
            total = total + ladj
        return x, total


class Product:
    """Holds one of its bound methods, chosen from a dict display: `obj.scaled_prod(x)` runs any of them."""

    def __init__(self, diagonal):
        self.scaled_prod = {True: self.scaled_prod_diagonal}.get(diagonal, self.scaled_prod_default)

    def scaled_prod_diagonal(self, x):
        if torch.amax(x) > 1:  # expect: CL101
            return x * 2
        return x

    def scaled_prod_default(self, x):
        return x


class Recorder:
    def index(self, x):
        if torch.sum(x) > 0:  # a tuple's index runs, not this one: not flagged
            print("positive")
        return 0


class Flow:
    def __init__(self, transform, names, product):
        self.transform = transform
        self.names = names
        self.product = product

    def log_prob(self, x):
        z, ladj = self.transform.call_and_ladj(x)
        z = self.product.scaled_prod(z)
        return z.sum() + ladj.sum() * self.names.index("ladj")


FLOW = Flow(Composed(Monotonic(), Bernstein()), ("z", "ladj"), Product(diagonal=True))
SPLINE = Spline()


def calibrated(spline: Spline, x):
    return spline.calibrate(x)


def log_prob(x):
    return FLOW.log_prob(calibrated(SPLINE, x))


fast_log_prob = torch.compile(log_prob)


def eager_only(x, calibrator):
    return calibrator.calibrate(x)


def example():
    return Example(log_prob, (torch.randn(4),))
