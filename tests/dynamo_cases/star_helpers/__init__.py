from .common import *  # noqa: F401,F403  the package hands on what common.py binds
