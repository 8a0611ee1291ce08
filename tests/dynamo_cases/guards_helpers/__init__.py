"""A library's own compile-time guards (tests/dynamo_cases/guards_project.py uses them)."""
