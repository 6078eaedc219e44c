"""The computer side: RePh heuristics (reph.py) read from the ai/ folder."""
