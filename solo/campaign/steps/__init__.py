"""The RePh steps and helpers that several Campaign Games share; each cites the rule of every game that uses it."""
