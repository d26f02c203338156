"""``python -m cardtable`` is the ``cardtable`` command."""

from cardtable.cli.main import main

main()
