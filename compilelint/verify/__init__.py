"""Dynamic mode. Only `harness` imports torch, and it runs in a child process that speaks JSON."""
