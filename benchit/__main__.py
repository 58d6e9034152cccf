"""``python -m benchit`` runs the command line."""

from benchit.cli import main

raise SystemExit(main())
