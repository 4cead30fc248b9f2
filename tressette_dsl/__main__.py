"""``python -m tressette_dsl``: the same as the ``tressette`` command."""

from tressette_dsl.cli import main

raise SystemExit(main())
