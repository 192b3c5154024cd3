"""``python -m hello_agents ...`` is the ``hello-agents`` command line."""

from hello_agents.cli import main

raise SystemExit(main())
