"""One module per rule. Each defines exactly one `Check` subclass whose `code` names its rule folder."""
