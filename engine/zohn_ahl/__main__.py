"""``python -m engine.zohn_ahl replay ...``: the same as ``python -m engine zohn-ahl replay ...``."""

import sys

from engine.zohn_ahl.cli import main

sys.exit(main())
