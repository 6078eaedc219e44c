"""solo: the solitaire ASL player's companion."""
