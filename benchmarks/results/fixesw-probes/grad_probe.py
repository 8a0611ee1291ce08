import sys, logging, re, torch
sys.path.insert(0, __import__("os").path.dirname(__file__))
import grad_shapes as G
import torch._dynamo

class H(logging.Handler):
    def __init__(self): super().__init__(); self.rows = []
    def emit(self, r):
        m = r.getMessage()
        if "Graph break" in m:
            ids = re.findall(r"gb/gb(\d{4})\.html", m)
            lines = re.findall(r'File "([^"]+grad_shapes.py)", line (\d+)', m)
            self.rows.append((lines[-1][1] if lines else "?", ids[:2]))
torch._logging.set_logs(graph_breaks=True)
h = H(); logging.getLogger("torch._dynamo").addHandler(h)
for name in ["ForcesBackward", "ForcesAutogradGrad", "BackwardNoRead", "NoDifferentiation", "AttributeForm", "GradOfOther"]:
    for grad in (False, True):
        torch._dynamo.reset(); h.rows.clear()
        m = getattr(G, name)()
        args = [torch.randn(4, 3, requires_grad=grad)]
        if name == "GradOfOther": args.append(torch.randn(3, requires_grad=True))
        try:
            torch.compile(m, backend="eager")(*args); err = ""
        except Exception as e:
            err = type(e).__name__ + ": " + str(e)[:100]
        print(f"{name:20s} input_grad={grad!s:5s} breaks={sorted(set((r[0], tuple(r[1])) for r in h.rows))} {err}")
