from viz.cli import main

raise SystemExit(main())
