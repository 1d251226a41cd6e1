"""``python -m reussite``: the same as the ``reussite`` command (what tests and scripts call, through the
interpreter they run on, instead of whatever ``reussite`` is first on PATH)."""

import sys

from reussite.cli import main

sys.exit(main())
