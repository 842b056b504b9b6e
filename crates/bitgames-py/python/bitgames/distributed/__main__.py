"""``python -m bitgames.distributed``: see :mod:`bitgames.distributed`."""

import sys

from .cli import main

sys.exit(main())
