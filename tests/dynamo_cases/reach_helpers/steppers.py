"""Solvers that compiled code reaches only through objects: a registry of classes in this file, an object
made from one of its members, the object's methods and the constructors (through super().__init__)."""
import torch


class Stepper:
    def __init__(self, y0):
        self.y0 = y0
        if torch.amax(y0) > 10:  # expect: CL101
            self.y0 = y0.clamp(max=10)

    def integrate(self, t):
        if torch.amin(t) < 0:  # expect: CL101
            t = t.abs()
        return self.step(self.y0, t[-1] - t[0])


class Euler(Stepper):
    def step(self, y, dt):
        return y + dt * y


class Midpoint(Stepper):
    def __init__(self, y0):
        super().__init__(y0)
        self.half = 0.5

    def step(self, y, dt):
        mid = y + self.half * dt * y
        if torch.sum(mid) > 0:  # expect: CL101
            return y + dt * mid
        return y - dt * mid


SOLVERS = {"euler": Euler, "midpoint": Midpoint}
