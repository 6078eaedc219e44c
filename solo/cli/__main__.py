"""`python -m solo.cli`: the command line."""

from solo.cli import main

main()
