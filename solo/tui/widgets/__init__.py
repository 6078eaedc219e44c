"""Reusable widgets of the app, one module each."""
