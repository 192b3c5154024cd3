"""``python -m hello_agents.testing.conformance CHECK FILE.py:NAME``."""

import sys

from hello_agents.testing.conformance.cli import main

sys.exit(main())
